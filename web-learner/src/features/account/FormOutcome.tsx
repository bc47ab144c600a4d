/** What became of an account form's last submission: the server's error, else its confirmation. */
export function FormOutcome({ ok, error }: { ok?: string | null; error?: string | null }) {
  if (error)
    return (
      <p role="alert" className="error-text mt-3">
        {error}
      </p>
    );
  if (ok)
    return (
      <p role="status" className="mt-3 text-sm text-emerald-300">
        {ok}
      </p>
    );
  return null;
}
