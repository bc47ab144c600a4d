import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

function DocumentLink({ to, ...props }: SiteLinkProps) {
  return <a href={to} {...props} />;
}

const LinkComponent = createContext<ComponentType<SiteLinkProps>>(DocumentLink);

/**
 * A link of the pieces the landing page shares with the app (logo, footer).
 * Inside the app it is the router's Link (RootLayout provides it); on the
 * landing page, which loads without the router to stay small, it is a plain
 * link to the next page (itself prerendered, so it opens fast).
 */
export function SiteLink(props: SiteLinkProps) {
  const Link = useContext(LinkComponent);
  return <Link {...props} />;
}

export const SiteLinkProvider = LinkComponent.Provider;
