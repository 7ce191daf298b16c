import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage } from './lazyPage';

afterEach(cleanup);

const page = (text: string) => ({ default: () => <p>{text}</p> });

describe('a lazy page', () => {
  it('renders at once, without its fallback, when its code has loaded before it renders', async () => {
    const Page = lazyPage(async () => page('已加载的页面'));
    await Page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    // The first commit shows the page: React.lazy alone would commit the fallback and retry later.
    expect(screen.getByText('已加载的页面')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('shows its fallback until its code arrives, then the page', async () => {
    let arrive: (m: { default: () => React.ReactNode }) => void = () => {};
    const Page = lazyPage(() => new Promise((r) => (arrive = r)));
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => arrive(page('稍后到达的页面')));
    expect(await screen.findByText('稍后到达的页面')).toBeTruthy();
  });
});
