import type { RouteObject } from 'react-router';

/** Routes of the contract flows: trial key, anchor a contract, leaf, verify (web app part 1). */
export const contractRoutes: RouteObject[] = [];
