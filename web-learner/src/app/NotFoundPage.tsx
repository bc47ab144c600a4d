import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="grid min-h-screen place-items-center px-4">
      <div className="card max-w-md p-8 text-center">
        <p className="text-5xl font-black text-gold-400">404</p>
        <h1 className="mt-2 text-2xl font-bold text-white">Page not found</h1>
        <p className="mt-3 text-slate-400">The page you are looking for does not exist.</p>
        <Link to="/" className="btn-gold mt-6">
          Back to Home
        </Link>
      </div>
    </main>
  );
}
