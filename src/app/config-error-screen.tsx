import { CONFIG_PATH } from '@/lib/config';

/** Shown instead of the app when /config.json is missing or invalid: the operator must fix the deployment. */
export function ConfigErrorScreen({ problems }: { problems: string[] }) {
  return (
    <main className="config-error" role="alert">
      <h1>Ngiti cannot start</h1>
      <p>
        Its settings file <code>{CONFIG_PATH}</code> is missing or invalid:
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <p>
        Serve a <code>config.json</code> beside <code>index.html</code> with <code>supabaseUrl</code>,{' '}
        <code>anonKey</code> and <code>apiUrl</code> (the local stack serves it for you with <code>npm start</code>),
        then reload this page.
      </p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
