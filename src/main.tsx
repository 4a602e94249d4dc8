import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/app';
import { startServiceWorker } from './app/service-worker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// The built app only: the dev server has no service worker (its files change as they are edited).
if (import.meta.env.PROD) startServiceWorker();
