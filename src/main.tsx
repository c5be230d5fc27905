import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoadingState } from '@/components/states/states';
import { loadRuntimeConfig } from '@/lib/config';
import { initServiceClient } from '@/lib/service-client';
import { hadStoredSession, initSupabase } from '@/lib/supabase';
import { App } from './app/app';
import { reportWebVitalsLazily, unregisterServiceWorkers } from './app/browser-behaviour';
import { ConfigErrorScreen } from './app/config-error-screen';
import './styles/global.css';

unregisterServiceWorkers();

const root = createRoot(document.getElementById('root')!);
root.render(<LoadingState label="Starting Ngiti…" fullPage />);

const result = await loadRuntimeConfig();
if (result.ok) {
  // Read before the client starts: auth-js removes a stored session it cannot use.
  const storedSession = hadStoredSession();
  initSupabase(result.config);
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

reportWebVitalsLazily();
