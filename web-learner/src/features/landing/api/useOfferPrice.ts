import { useEffect, useState } from 'react';
import { currentSite, fetchPublicConfig } from '../../../api/site';
import { formatMoney } from '../../../i18n/format';
import { useTranslation } from '../../../i18n/useTranslation';

export interface OfferPrice {
  price: string;
  compareAt: string;
}

/**
 * The landing page's price in the configured currency (Settings > Payments),
 * written as the interface language writes money ("$497", "497 €"): the
 * page starts from the price it was rendered with (the server's, in the
 * site's currency; the spec's $497 / $997 in the build's English page) and
 * takes the public config's once it arrives. A plain effect, like the testimonials, keeps the first load small.
 */
export function useOfferPrice(): OfferPrice {
  const [price, setPrice] = useState(() => currentSite().price);
  const { language } = useTranslation();
  useEffect(() => {
    let active = true;
    fetchPublicConfig()
      .then((config) => {
        if (active && config.price) setPrice(config.price);
      })
      .catch((error: unknown) => console.warn('The price could not be loaded', error));
    return () => {
      active = false;
    };
  }, []);
  return { price: formatMoney(price.amount, price.currency, language), compareAt: formatMoney(price.compareAt, price.currency, language) };
}
