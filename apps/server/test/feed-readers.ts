import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Parser from 'rss-parser';

/** A document as a generic XML parser reads it (attributes as `@_name`); throws if malformed. */
export function parseXml(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new Error(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(xml) as Record<
    string,
    unknown
  >;
}

/** A feed as a feed reader sees it: channel title and link, items with their enclosures. */
export function readFeed(xml: string) {
  return new Parser().parseString(xml);
}
