import { withChunkReload } from '@bahtdesk/ui/chunkReload';
import { lazy, Suspense, useState } from 'react';
import type { Tool } from '../../components/Navigation.tsx';

const ManualDialog = lazy(() => withChunkReload(() => import('../../features/manual/ManualDialog.tsx')));
const CalculatorDialog = lazy(() =>
  withChunkReload(() => import('../../features/calculator/CalculatorDialog.tsx')),
);

/** The manual and the calculator open over any page from the navigation: the manual is a page staff write, the calculator uses the live rates. */
export function useTools() {
  const [tool, setTool] = useState<Tool | null>(null);
  const close = () => setTool(null);
  const dialogs = (
    <Suspense fallback={null}>
      {tool === 'manual' ? <ManualDialog onClose={close} /> : null}
      {tool === 'calculate' ? <CalculatorDialog onClose={close} /> : null}
    </Suspense>
  );
  return { tool, openTool: setTool, dialogs };
}
