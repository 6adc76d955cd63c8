/** A refusal or a form problem, next to the button it belongs to. */
export function ErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="text-sm font-semibold text-danger" role="alert">
      {error}
    </p>
  );
}
