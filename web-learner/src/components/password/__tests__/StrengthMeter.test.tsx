import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { passwordScore, strengthLabel } from '../passwordStrength';
import { StrengthMeter } from '../StrengthMeter';

describe('password strength', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abcdefgh', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Abcdef1!', 5, 'Strong'],
    ['ABC1!', 3, 'Fair'],
    ['12345678', 2, 'Weak'],
  ])('scores %j as %i (%s)', (password, score, label) => {
    expect(passwordScore(password)).toBe(score);
    expect(strengthLabel(score)).toBe(label);
    render(<StrengthMeter password={password} />);
    expect(screen.getByText(/Password strength:/).textContent).toBe(`Password strength: ${label}`);
    expect(screen.getByTestId('strength-meter').getAttribute('data-score')).toBe(String(score));
  });

  it('lists the five criteria and marks the ones met', () => {
    render(<StrengthMeter password="abcdefgh" />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items.map((li) => li.textContent?.includes('(met)'))).toEqual([true, false, true, false, false]);
  });
});
