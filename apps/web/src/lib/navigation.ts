/**
 * Lets code outside React (the API client) change the route. The router registers its navigate
 * function at start (app/App.tsx); before that, the hash is set directly.
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
