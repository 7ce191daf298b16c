import type { ImMessage } from '@sk/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImMessageBody } from './ImMessageBody';

const msg = (eventType: ImMessage['eventType'], payload: unknown): ImMessage => ({
  id: 1,
  eventType,
  payload,
  createtime: '2026-11-24 10:00:00',
  fromUserId: 1,
  fromUserName: '王管理',
});

describe('a chat message as its kind shows it', () => {
  it('shows text, a picture, a file, a link, a place and a card; an unknown payload falls back to its kind', () => {
    const { container } = render(
      <div>
        <p>
          <ImMessageBody m={msg('text', '您好')} />
        </p>
        <p>
          <ImMessageBody m={msg('text', { content: '来自企业微信' })} />
        </p>
        <p>
          <ImMessageBody m={msg('image', { fileId: 3, name: 'fault.jpg', url: '/api/files/3' })} />
        </p>
        <p>
          <ImMessageBody m={msg('file', { fileId: 4, name: 'manual.pdf', url: '/api/files/4' })} />
        </p>
        <p>
          <ImMessageBody m={msg('link', { url: 'https://example.com/m', title: '说明书' })} />
        </p>
        <p>
          <ImMessageBody m={msg('location', { lat: 31.2304, lng: 121.4737, address: '上海市黄浦区' })} />
        </p>
        <p>
          <ImMessageBody m={msg('business_card', { name: '李经理', mobile: '13900000000' })} />
        </p>
        <p>
          <ImMessageBody m={msg('image', 'not a file')} />
        </p>
      </div>,
    );
    expect(screen.getByText('您好')).toBeTruthy();
    expect(screen.getByText('来自企业微信')).toBeTruthy();
    expect(screen.getByAltText('fault.jpg').getAttribute('src')).toBe('/api/files/3');
    expect(screen.getByText('manual.pdf').closest('a')?.getAttribute('href')).toBe('/api/files/4');
    const link = screen.getByText('说明书').closest('a');
    expect([link?.getAttribute('href'), link?.getAttribute('rel')]).toEqual(['https://example.com/m', 'noopener noreferrer']);
    expect(screen.getByText('上海市黄浦区（31.23040, 121.47370）')).toBeTruthy();
    expect(screen.getByText('李经理 13900000000')).toBeTruthy();
    expect(container.textContent).toContain('[图片]');
  });
});

describe('a voice message', () => {
  it('plays as audio, not as a video; the recording is named by what the browser records', async () => {
    const { container } = render(<ImMessageBody m={msg('voice', { fileId: 5, name: '语音.webm', url: '/api/files/5' })} />);
    expect(container.querySelector('audio')?.getAttribute('src')).toBe('/api/files/5');
    expect(container.querySelector('video')).toBeNull();
    const { voiceFileName } = await import('./VoiceButton');
    expect(voiceFileName('audio/webm;codecs=opus')).toBe('语音.webm');
    expect(voiceFileName('audio/mp4')).toBe('语音.m4a');
    expect(voiceFileName('audio/ogg; codecs=opus')).toBe('语音.ogg');
  });
});
