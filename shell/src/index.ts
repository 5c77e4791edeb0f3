// Linked in the page's head (render-blocking, before any script): the design system's styles and
// the static first paint's (./firstPaint).
import 'shared-ui/src/styles.css';
import './firstPaint/firstPaint.css';
// The asynchronous boundary lets the federation runtime negotiate shared singletons before any
// shared module (react, firebase, ...) is evaluated.
import('./bootstrap');
