// Lets code outside components (the API's 401/403 handling) navigate with the app's router.
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(navigate: Navigate) {
  navigateImpl = navigate;
}

export function navigateTo(path: string) {
  navigateImpl(path);
}
