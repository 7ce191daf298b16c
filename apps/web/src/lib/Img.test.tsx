import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMG_PLACEHOLDER, Img } from './Img';

describe('Img', () => {
  it('shows the picture, and the placeholder once it fails to load', () => {
    render(<Img src="/files/a.png" alt="头像" />);
    const img = screen.getByAltText('头像') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/files/a.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(IMG_PLACEHOLDER);
    expect(img.dataset.broken).toBe('1');
  });

  it('shows the placeholder when there is no picture at all', () => {
    render(<Img alt="空" />);
    expect(screen.getByAltText('空').getAttribute('src')).toBe(IMG_PLACEHOLDER);
  });
});
