/**
 * jsdom has no IntersectionObserver. This stand-in records what is observed so a test can scroll an
 * element "into view" and see what the page does. Like the browser, it reports the observed
 * element's current visibility right after `observe`; elements start out of view.
 */
export interface FakeIntersection {
  /** Elements currently observed. */
  observed: () => Element[];
  /** Marks the element as visible and notifies its observers. */
  scrollIntoView: (element: Element) => void;
  /** A viewport taller than the page: every element is visible from now on. */
  showEverything: () => void;
  restore: () => void;
}

export function installFakeIntersectionObserver(): FakeIntersection {
  const observers = new Set<FakeObserver>();
  const visible = new Set<Element>();
  let everythingVisible = false;

  class FakeObserver {
    private readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      this.targets.add(element);
      observers.add(this);
      this.notify(element);
    }
    unobserve(element: Element) {
      this.targets.delete(element);
    }
    disconnect() {
      this.targets.clear();
      observers.delete(this);
    }
    watches(element: Element) {
      return this.targets.has(element);
    }
    targetList() {
      return [...this.targets];
    }
    notify(element: Element) {
      const entry = { target: element, isIntersecting: everythingVisible || visible.has(element) };
      this.callback([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    }
  }

  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  return {
    observed: () => [...observers].flatMap((observer) => observer.targetList()),
    scrollIntoView: (element) => {
      visible.add(element);
      for (const observer of [...observers])
        if (observer.watches(element)) observer.notify(element);
    },
    showEverything: () => {
      everythingVisible = true;
    },
    restore: () => {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    },
  };
}
