import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { computeRoi } from '../roi';
import { RoiCalculatorSection } from '../sections/RoiCalculatorSection';

describe('ROI math', () => {
  it.each([
    ['1000', '2500', '1.50x', '150.0%', '$1500.00', 'Excellent! Your campaign is highly profitable.'],
    ['1000', '2000', '1.00x', '100.0%', '$1000.00', 'Excellent! Your campaign is highly profitable.'],
    ['1000', '1750', '0.75x', '75.0%', '$750.00', 'Good! Your campaign is generating solid returns.'],
    ['1000', '1500', '0.50x', '50.0%', '$500.00', 'Good! Your campaign is generating solid returns.'],
    ['1000', '1200', '0.20x', '20.0%', '$200.00', 'Break-even or small profit. Consider optimizing your campaign.'],
    ['1000', '1000', '0.00x', '0.0%', '$0.00', 'Break-even or small profit. Consider optimizing your campaign.'],
    ['1000', '800', '-0.20x', '-20.0%', '-$200.00', 'Loss detected. Review your campaign strategy and costs.'],
    ['300', '0', '-1.00x', '-100.0%', '-$300.00', 'Loss detected. Review your campaign strategy and costs.'],
    ['3', '4', '0.33x', '33.3%', '$1.00', 'Break-even or small profit. Consider optimizing your campaign.'],
  ])('investment %s, revenue %s → %s, %s, %s', (investment, revenue, ratio, percent, profit, text) => {
    const result = computeRoi(investment, revenue)!;
    expect(result.ratioText).toBe(ratio);
    expect(result.percentText).toBe(percent);
    expect(result.profitText).toBe(profit);
    expect(result.interpretation).toBe(text);
  });

  it.each([
    ['0', '100'],
    ['-5', '100'],
    ['100', '-1'],
    ['', '100'],
    ['100', ''],
    ['abc', '100'],
  ])('gives no result for investment %j and revenue %j', (investment, revenue) => {
    expect(computeRoi(investment, revenue)).toBeNull();
  });
});

describe('ROI calculator', () => {
  it('calculates, clears on invalid input and resets', async () => {
    const user = userEvent.setup();
    render(<RoiCalculatorSection />);
    const investment = screen.getByLabelText('Campaign Investment');
    const revenue = screen.getByLabelText('Campaign Revenue');
    await user.type(investment, '1000');
    await user.type(revenue, '1750');
    await user.click(screen.getByRole('button', { name: 'Calculate ROI' }));
    const results = screen.getByTestId('roi-results');
    expect(results.textContent).toContain('0.75x');
    expect(results.textContent).toContain('75.0%');
    expect(results.textContent).toContain('$750.00');
    expect(results.textContent).toContain('Good! Your campaign is generating solid returns.');

    await user.clear(investment);
    await user.type(investment, '0');
    await user.click(screen.getByRole('button', { name: 'Calculate ROI' }));
    expect(screen.queryByTestId('roi-results')).toBeNull();

    await user.clear(investment);
    await user.type(investment, '100');
    await user.click(screen.getByRole('button', { name: 'Calculate ROI' }));
    expect(screen.getByTestId('roi-results').textContent).toContain('Excellent! Your campaign is highly profitable.');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('roi-results')).toBeNull();
    expect((investment as HTMLInputElement).value).toBe('');
    expect((revenue as HTMLInputElement).value).toBe('');
  });
});
