/**
 * Component tests (jsdom) wait up to 5 s for what they look for, not Testing Library's 1 s: CI runs
 * every test file at once on two cores, and a page that verifies a proof can take longer than 1 s
 * there to show its verdict. Tests in Node's environment do not load Testing Library at all.
 */
if ('document' in globalThis) {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5000 });
}
export {};
