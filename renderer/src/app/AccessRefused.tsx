/**
 * Browser mode, when this page has no token the host accepts: opened by typing the address, or after
 * `serve --new-token`. The app cannot work from here; this says the one thing that helps.
 */
export function AccessRefused() {
  return (
    <main className="access-refused" aria-labelledby="access-refused-title">
      <div className="empty-state">
        <h2 id="access-refused-title">
          Open the address that <code>switchboard serve</code> printed
        </h2>
        <p>
          This page has no access to Switchboard. Only the address printed in the terminal where{' '}
          <code>switchboard serve</code> runs (it ends in <code>#token=…</code>) lets a window in. Open it again for a second window.
        </p>
        <p className="small">If you started it with <code>--new-token</code>, or its data folder changed, the addresses printed before no longer work.</p>
      </div>
    </main>
  );
}
