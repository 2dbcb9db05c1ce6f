import type { FormEvent, ReactNode } from 'react';

/** One step of the sign-in: a form under its title that hands Enter and the submit button to `onSubmit`. */
export function StepForm({ title, onSubmit, children }: { title: ReactNode; onSubmit: () => void; children: ReactNode }) {
  function submit(e: FormEvent) {
    e.preventDefault();
    onSubmit();
  }
  return (
    <form onSubmit={submit} noValidate>
      <h2 className="card__subtitle">{title}</h2>
      {children}
    </form>
  );
}
