/// <reference lib="dom" />
// The page's elements, found by id, and text put into them: text only,
// never markup.

/** The element with this id (the page has them all). */
export function element<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** Appends an element with text (never markup) to `parent`. */
export function add(
  parent: HTMLElement,
  tag: string,
  text: string,
  cls = "",
): HTMLElement {
  const child = document.createElement(tag);
  child.textContent = text;
  if (cls !== "") child.className = cls;
  parent.append(child);
  return child;
}

/** Fills a select with its choices. */
export function fillSelect(id: string, names: readonly string[]): void {
  const select = element<HTMLSelectElement>(id);
  for (const name of names) {
    add(select, "option", name).setAttribute("value", name);
  }
}

/** Empties the elements. */
export function clear(...ids: string[]): void {
  for (const id of ids) element(id).replaceChildren();
}
