/** A refusal under a prize form, in the words of PAYOUT_MESSAGES or the error table. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger break-words">
      {error}
    </p>
  );
}
