// The asynchronous boundary lets the federation runtime negotiate shared singletons before any
// shared module (react, firebase, ...) is evaluated.
import('./bootstrap');
