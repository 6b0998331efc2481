/**
 * Sagas navigate through the router the app created; the app registers it once.
 * Kept apart so sagas never import the route table.
 */
export interface NavigateOptions {
  replace?: boolean;
  /**
   * Render the new page before the call returns. The router otherwise renders its moves as a
   * React transition, after any store change made meanwhile, so screens would still see the
   * old page with the new state (a guarded page with no session, say).
   */
  flushSync?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void | Promise<void>;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  void navigateImpl(to, options);
}
