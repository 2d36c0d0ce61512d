/**
 * Lets code outside React (the API client's callbacks) change the route. The app's router
 * registers its navigate function when it mounts; before that, the hash is set directly.
 */
type Navigate = (to: string) => void;

let navigate: Navigate = (to) => {
  window.location.hash = `#${to}`;
};

export function setNavigator(fn: Navigate): void {
  navigate = fn;
}

export function goTo(to: string): void {
  navigate(to);
}
