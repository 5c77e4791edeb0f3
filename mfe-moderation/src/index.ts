// The asynchronous boundary lets the federation runtime negotiate shared singletons first.
import('./standalone');
