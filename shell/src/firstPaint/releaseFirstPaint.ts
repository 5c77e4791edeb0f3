/** The element a page's static first paint is drawn in (login.html's: ./login.html). */
export const FIRST_PAINT_ID = 'first-paint';

/** Text of the app's own, outside a loading state (an element marked aria-busy="true"). */
function showsOwnText(root: Element): boolean {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      if (node.parentElement?.closest('[aria-busy="true"]')) return NodeFilter.FILTER_REJECT;
      return node.textContent?.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    },
  });
  return walker.nextNode() !== null;
}

/**
 * A page drawn before any script (login.html) keeps its static copy of the screen until the app
 * in `root` shows text of its own outside a loading state: the remote's page, a failure with its
 * Retry button, or the top bar of a member sent elsewhere. The copy goes in the same task as the
 * change that made the app show it (a MutationObserver runs before the next paint), so the page is
 * never blank between the two and never shows both.
 */
export function releaseFirstPaint(doc: Document = document, rootId = 'root'): void {
  const paint = doc.getElementById(FIRST_PAINT_ID);
  const root = doc.getElementById(rootId);
  if (!paint || !root) return;
  const release = () => {
    if (!showsOwnText(root)) return false;
    paint.remove();
    return true;
  };
  if (release()) return;
  const observer = new MutationObserver(() => {
    if (release()) observer.disconnect();
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['aria-busy'],
  });
}
