/**
 * Sagas navigate through the router the app created; the app registers it once.
 * Kept apart so sagas never import the route table.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

let navigateImpl: Navigate = (to) => {
  window.location.assign(to);
};

export function registerNavigate(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void navigateImpl(to, options);
}
