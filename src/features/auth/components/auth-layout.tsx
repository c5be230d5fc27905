import type { ReactNode } from 'react';
import { CopyrightFooter } from '@/components/copyright-footer';
import './auth.css';

/** The frame of the login, sign-up and reset screens. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <main className="auth-main">
        <div className="auth-brand">
          <svg className="auth-logo" viewBox="0 0 64 64" aria-hidden="true">
            <rect width="64" height="64" rx="14" fill="currentColor" />
            <path
              d="M18 20c0-5 4-8 8-8 3 0 4 2 6 2s3-2 6-2c4 0 8 3 8 8 0 6-3 9-4 16-1 8-3 14-6 14-2 0-2-6-4-10-2 4-2 10-4 10-3 0-5-6-6-14-1-7-4-10-4-16z"
              fill="#fff"
            />
          </svg>
          <span className="auth-brand-name">Ngiti</span>
        </div>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-title">
            {title}
          </h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </main>
      <CopyrightFooter className="app-footer auth-footer" />
    </div>
  );
}
