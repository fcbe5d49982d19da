import { SaxesParser } from 'saxes';

/** An XML element with namespace-resolved names, as much of the DOM as reading Office parts needs. */
export interface XmlElement {
  namespace: string;
  name: string;
  /** Attributes by local name, and by `{namespace}local` when they have a namespace. */
  attributes: Map<string, string>;
  children: XmlElement[];
  /** The text directly inside this element. */
  text: string;
}

/** Parses a document into its root element (saxes, namespace-aware); throws on XML that is not well-formed. */
export function parseXml(source: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const top: XmlElement = { namespace: '', name: '', attributes: new Map(), children: [], text: '' };
  const stack = [top];
  parser.on('opentag', (tag) => {
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes))
      attributes.set(attribute.uri ? `{${attribute.uri}}${attribute.local}` : attribute.local, attribute.value);
    const element: XmlElement = { namespace: tag.uri, name: tag.local, attributes, children: [], text: '' };
    stack[stack.length - 1].children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => stack.pop());
  parser.on('text', (text) => (stack[stack.length - 1].text += text));
  parser.write(source).close();
  if (!top.children[0]) throw new Error('no root element');
  return top.children[0];
}

/** Every descendant named `name` (`*`: any name) in `namespace` (`*`: any namespace), in document order. */
export function descendants(element: XmlElement, namespace: string, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if ((name === '*' || child.name === name) && (namespace === '*' || child.namespace === namespace)) found.push(child);
      visit(child);
    }
  };
  visit(element);
  return found;
}

/** The first descendant named `name` in `namespace`. */
export function descendant(element: XmlElement, namespace: string, name: string): XmlElement | undefined {
  for (const child of element.children) {
    if (child.name === name && child.namespace === namespace) return child;
    const found = descendant(child, namespace, name);
    if (found) return found;
  }
  return undefined;
}
