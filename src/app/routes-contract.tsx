import type { RouteObject } from 'react-router';

/** Routes of the contract flows: trial key, anchor a contract, leaf, verify (web app part 1). Each page loads lazily. */
export const contractRoutes: RouteObject[] = [
  { path: 'keys', lazy: async () => ({ Component: (await import('../features/keys/keys-page')).KeysPage }) },
  {
    path: 'anchor',
    lazy: async () => ({ Component: (await import('../features/anchor/anchor-page')).AnchorPage }),
  },
  { path: 'leaf', lazy: async () => ({ Component: (await import('../features/leaf/leaf-page')).LeafPage }) },
  {
    path: 'leaf/:leaf',
    lazy: async () => ({ Component: (await import('../features/leaf/leaf-page')).LeafPage }),
  },
  {
    path: 'verify',
    lazy: async () => ({ Component: (await import('../features/verify/verify-page')).VerifyPage }),
  },
  {
    path: 'verify/:leaf',
    lazy: async () => ({ Component: (await import('../features/verify/verify-page')).VerifyPage }),
  },
];
