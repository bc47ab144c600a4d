/** A titled section of the account page. */
export function Panel({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section className="card p-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-white">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
