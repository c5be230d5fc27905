// Installed before msw is loaded: msw 3 expects Node 22 built-ins.
import './node-shims';
import { FetchInterceptor } from '@mswjs/interceptors/fetch/web';
import { http, passthrough, type AnyHandler } from 'msw';
import { defineNetwork, InterceptorSource } from 'msw/experimental';

/**
 * The MSW server of the SPA's component tests (started by src/testing/vitest-setup.ts in jsdom
 * tests). It answers nothing by itself: requests to a server on 127.0.0.1 (the component stack of a
 * file on the real database, src/testing/real-db/) go through, also before that file's per-test
 * handler is in place, and a test adds its own handlers with `server.use(…)`, dropped after the
 * test. Any other request nothing answers fails the test.
 *
 * It is `setupServer` (msw/node) with one interceptor: the one msw uses in browsers, which answers
 * `fetch` itself. setupServer's Node interceptors let each request run through undici, a fake
 * socket and the HTTP parser, about four times the cost per request. The SPA sends everything
 * through `fetch` (postgrest-js, auth-js, functions-js, the service client), so nothing else needs
 * intercepting; XMLHttpRequest, node:http and WebSocket are not.
 */
type Interceptors = ConstructorParameters<typeof InterceptorSource>[0]['interceptors'];
// The browser build of the interceptor is typed by its own copy of the Interceptor class.
const fetchInterceptor = new FetchInterceptor() as unknown as Interceptors[number];

const network = defineNetwork({
  sources: [new InterceptorSource({ interceptors: [fetchInterceptor] })],
  handlers: [http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())],
  context: { quiet: true },
});

type ListenOptions = Parameters<typeof network.configure>[0];

export const server = {
  /** Starts intercepting `fetch`; `onUnhandledFrame: 'error'` makes an unhandled request fail. */
  listen(options: Pick<ListenOptions, 'onUnhandledFrame'> = {}) {
    network.configure({ onUnhandledFrame: options.onUnhandledFrame ?? 'warn' });
    network.enable();
  },
  close: () => network.disable(),
  /** Adds handlers in front of the others until `resetHandlers()`. */
  use: (...extra: AnyHandler[]) => network.use(...extra),
  resetHandlers: (...next: AnyHandler[]) => network.resetHandlers(...next),
  listHandlers: () => network.listHandlers(),
  events: network.events,
};
