/** The document title of a page ("Leaf · ZAP1 Anchor"); React 19 hoists <title> into <head>. */
export function PageTitle({ page }: { page: string }) {
  return <title>{`${page} · ZAP1 Anchor`}</title>;
}
