import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadingState } from '@/components/states/states';
import { prefetchSessionCheck } from '@/features/auth/api/lazy';
import { loadRuntimeConfig } from '@/lib/config';
import { initServiceClient } from '@/lib/service-config';
import { configureSupabase, hadStoredSession, preloadSupabase } from '@/lib/supabase-loader';
import { App } from './app/app';
import { reportWebVitalsLazily, unregisterServiceWorkers } from './app/browser-behaviour';
import { ConfigErrorScreen } from './app/config-error-screen';
import { DashboardFrame, savedTab } from './app/dashboard-frame';
import { preloadDashboard } from './app/router';
import './styles/global.css';

unregisterServiceWorkers();

const root = createRoot(document.getElementById('root')!);
// A reload of the dashboard with a stored session draws the dashboard's frame at once
// (src/app/dashboard-frame.tsx); any other page says the app is starting.
root.render(
  location.pathname === '/dashboard' && hadStoredSession() ? (
    <DashboardFrame tab={savedTab()} />
  ) : (
    <LoadingState label="Starting Ngiti…" fullPage />
  ),
);

// No top-level await here: Rollup keeps the modules that later chunks share with a module using
// top-level await out of the entry file, which split the login screen into a dozen small chunks
// that compress worse than one.
async function start() {
  // With a stored session, the code that checks it and the dashboard's download while /config.json
  // is on its way (index.html preloads it with the entry), not after it.
  if (hadStoredSession()) {
    prefetchSessionCheck();
    if (location.pathname === '/dashboard') preloadDashboard();
  }
  const result = await loadRuntimeConfig();
  if (result.ok) {
    // Read before the client starts: auth-js removes a stored session it cannot use.
    const storedSession = hadStoredSession();
    // The Supabase client is its own chunk (src/lib/supabase-loader.ts): loaded now only when there
    // is a stored session to check, else when the login form is first used.
    configureSupabase(result.config);
    if (storedSession) preloadSupabase();
    initServiceClient(result.config);
    root.render(
      <StrictMode>
        <App hadStoredSession={storedSession} />
      </StrictMode>,
    );
  } else {
    console.error('Ngiti: /config.json is missing or invalid', result.problems);
    root.render(<ConfigErrorScreen problems={result.problems} />);
  }
}

void start();

reportWebVitalsLazily();
