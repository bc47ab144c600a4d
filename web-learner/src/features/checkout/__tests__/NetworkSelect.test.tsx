import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PublicCurrency } from '../../../api/types';
import { canPay, checkoutProblem, FALLBACK_CURRENCIES, networksFor, NETWORKS_BY_CURRENCY } from '../networks';
import { NetworkSelect, type Selection } from '../NetworkSelect';

const CURRENCIES = [
  { code: 'BTC', name: 'Bitcoin' },
  { code: 'USDT', name: 'Tether USD' },
  { code: 'USDC', name: 'USD Coin' },
];

function Harness({ offered }: { offered?: PublicCurrency[] }) {
  const [value, setValue] = useState<Selection>({ currency: '', network: '' });
  return (
    <>
      <NetworkSelect currencies={CURRENCIES} offered={offered} value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const optionTexts = (select: HTMLElement) => Array.from(select.querySelectorAll('option')).map((o) => o.textContent);

describe('network selection', () => {
  it('offers the networks of the chosen currency and clears the network when the currency changes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const currency = screen.getByLabelText('Cryptocurrency');
    const network = screen.getByLabelText('Blockchain Network');
    expect((network as HTMLSelectElement).disabled).toBe(true);

    await user.selectOptions(currency, 'USDT');
    expect((network as HTMLSelectElement).disabled).toBe(false);
    expect(optionTexts(network)).toEqual(['Select network', 'Ethereum (ERC-20)', 'Tron (TRC-20)', 'BSC (BEP-20)']);
    await user.selectOptions(network, 'Tron (TRC-20)');
    expect(screen.getByTestId('value').textContent).toContain('{"currency":"USDT","network":"Tron (TRC-20)"}');

    await user.selectOptions(currency, 'USDC');
    expect(screen.getByTestId('value').textContent).toContain('{"currency":"USDC","network":""}');
    expect((network as HTMLSelectElement).value).toBe('');
    expect(optionTexts(network)).toEqual(['Select network', 'Ethereum (ERC-20)', 'Polygon Network', 'BSC (BEP-20)']);

    await user.selectOptions(currency, 'BTC');
    expect(optionTexts(network)).toEqual(['Select network', 'Bitcoin Network']);
  });

  it("uses the server's networks when the public config lists the currency", async () => {
    const user = userEvent.setup();
    render(<Harness offered={[{ code: 'USDT', name: 'Tether USD', networks: ['Tron (TRC-20)'] }]} />);
    await user.selectOptions(screen.getByLabelText('Cryptocurrency'), 'USDT');
    expect(optionTexts(screen.getByLabelText('Blockchain Network'))).toEqual(['Select network', 'Tron (TRC-20)']);
  });

  it("holds the spec's table and fallback list", () => {
    expect(Object.keys(NETWORKS_BY_CURRENCY)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'BNB', 'MATIC', 'ADA', 'SOL', 'AVAX', 'DOT', 'LTC', 'BCH']);
    expect(FALLBACK_CURRENCIES.map((c) => `${c.code} ${c.name}`)).toEqual([
      'BTC Bitcoin',
      'ETH Ethereum',
      'USDT Tether USD',
      'USDC USD Coin',
      'BNB Binance Coin',
    ]);
    expect(networksFor('MATIC')).toEqual(['Polygon Network']);
    expect(networksFor('')).toEqual([]);
  });

  it('validates in the spec order and enables Pay Now only when all three are set', () => {
    expect(checkoutProblem({ email: 'a@b.co', currency: 'BTC', network: '' })).toBe('Please select both cryptocurrency and blockchain network');
    expect(checkoutProblem({ email: 'nope', currency: 'BTC', network: 'Bitcoin Network' })).toBe('Please enter a valid email address');
    expect(checkoutProblem({ email: 'a@b.co', currency: 'BTC', network: 'Bitcoin Network' })).toBeNull();
    expect(canPay({ email: 'a@b.co', currency: 'BTC', network: 'Bitcoin Network' }, false)).toBe(true);
    expect(canPay({ email: 'a@b.co', currency: 'BTC', network: 'Bitcoin Network' }, true)).toBe(false);
    expect(canPay({ email: ' ', currency: 'BTC', network: 'Bitcoin Network' }, false)).toBe(false);
    expect(canPay({ email: 'a@b.co', currency: 'BTC', network: '' }, false)).toBe(false);
  });
});
