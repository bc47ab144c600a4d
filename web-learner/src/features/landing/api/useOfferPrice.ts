import { useEffect, useState } from 'react';
import { fetchPublicConfig } from '../../../api/site';
import { formatPrice, OFFER } from '../../../app/offer';

export interface OfferPrice {
  price: string;
  compareAt: string;
}

const DEFAULT: OfferPrice = { price: formatPrice(OFFER.price, 'USD'), compareAt: formatPrice(OFFER.compareAt, 'USD') };

/**
 * The landing page's price in the configured currency (Settings > Payments):
 * the prerendered page shows the spec's $497 / $997 until the public config
 * arrives. A plain effect, like the testimonials, keeps the first load small.
 */
export function useOfferPrice(): OfferPrice {
  const [price, setPrice] = useState<OfferPrice>(DEFAULT);
  useEffect(() => {
    let active = true;
    fetchPublicConfig()
      .then((config) => {
        if (active && config.price)
          setPrice({ price: formatPrice(config.price.amount, config.price.currency), compareAt: formatPrice(config.price.compareAt, config.price.currency) });
      })
      .catch((error: unknown) => console.warn('The price could not be loaded', error));
    return () => {
      active = false;
    };
  }, []);
  return price;
}
