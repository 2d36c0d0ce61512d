import { PageOutlet } from './PageOutlet.tsx';

/** The bare layout of the maintenance page: nothing but the page. */
export function MaintenanceLayout() {
  return (
    <div className="layout layout--bare">
      <PageOutlet />
    </div>
  );
}
