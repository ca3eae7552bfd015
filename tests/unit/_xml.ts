// Reading SVG documents in tests with a real XML parser (saxes).

import { SaxesParser } from "saxes";

/** An element: its name, attributes and the text directly inside it. */
export type Element = [string, Record<string, string>, string];

/** The document's elements in order; throws if it is not well-formed. */
export function parseXml(svg: string): Element[] {
  const parser = new SaxesParser({ xmlns: true });
  const elements: Element[] = [];
  const open: Element[] = [];
  parser.on("error", (error) => {
    throw error;
  });
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, attribute] of Object.entries(tag.attributes)) {
      attributes[name] = typeof attribute === "string"
        ? attribute
        : attribute.value;
    }
    const element: Element = [tag.name, attributes, ""];
    elements.push(element);
    open.push(element);
  });
  parser.on("closetag", () => {
    open.pop();
  });
  parser.on("text", (text) => {
    if (open.length > 0) open[open.length - 1][2] += text;
  });
  parser.write(svg).close();
  return elements;
}
