import { lazy, Suspense } from 'react';
import type { BookCallModalProps } from './BookCallModal.tsx';

// The modal and its calendar load only when a visitor asks for them.
const BookCallModal = lazy(() => import('./BookCallModal.tsx'));

export function LazyBookCallModal(props: BookCallModalProps) {
  return (
    <Suspense fallback={null}>
      <BookCallModal {...props} />
    </Suspense>
  );
}
