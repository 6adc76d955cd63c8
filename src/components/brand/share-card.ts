/**
 * The 1200×630 share card shown when a link is pasted into WhatsApp, Discord or X.
 * Same look as the site: night-green pitch, lime accent, gold prize money.
 */
import { BODY_FONT, DISPLAY_FONT, h, layoutToPng } from './raster';
import { LOGO_MARK_SVG } from './marks';

const SHARE_CARD_WIDTH = 1200;
const SHARE_CARD_HEIGHT = 630;

type ShareFact = { label: string; value: string; highlight?: boolean };

type ShareCardContent = {
  eyebrow: string;
  title: string;
  subtitle?: string;
  facts: ShareFact[];
  footer: string;
};

const logoDataUri = `data:image/svg+xml;base64,${Buffer.from(LOGO_MARK_SVG).toString('base64')}`;

export function renderShareCard(content: ShareCardContent): Promise<Uint8Array<ArrayBuffer>> {
  const fact = ({ label, value, highlight }: ShareFact) =>
    h(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        padding: '18px 26px',
        borderRadius: 20,
        border: '2px solid #2a4a38',
        backgroundColor: '#0b1f15',
        marginRight: 18,
      },
      h('div', { fontSize: 22, color: '#a9c2b3', fontFamily: BODY_FONT, fontWeight: 700, letterSpacing: 2 }, label.toUpperCase()),
      h('div', { fontSize: 48, lineHeight: 1.1, color: highlight ? '#ffc940' : '#eef6f0', fontFamily: DISPLAY_FONT, marginTop: 6 }, value),
    );

  const root = h(
    'div',
    {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '56px 64px',
      backgroundColor: '#050d09',
      backgroundImage: 'linear-gradient(135deg, #10301f 0%, #050d09 60%)',
      color: '#eef6f0',
      fontFamily: BODY_FONT,
    },
    h(
      'div',
      { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
      h(
        'div',
        { display: 'flex', alignItems: 'center' },
        { type: 'img', props: { src: logoDataUri, width: 64, height: 64 } },
        h('div', { fontFamily: DISPLAY_FONT, fontSize: 36, marginLeft: 18, letterSpacing: 1 }, 'GOLAZO'),
        h('div', { fontFamily: DISPLAY_FONT, fontSize: 36, marginLeft: 10, color: '#c6f432', letterSpacing: 1 }, 'ARENA'),
      ),
      h('div', { fontSize: 24, color: '#a9c2b3', fontWeight: 700 }, content.footer),
    ),
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h('div', { fontSize: 26, fontWeight: 700, color: '#c6f432', letterSpacing: 4 }, content.eyebrow.toUpperCase()),
      h(
        'div',
        { fontFamily: DISPLAY_FONT, fontSize: content.title.length > 26 ? 76 : 92, lineHeight: 1.05, marginTop: 10 },
        content.title.toUpperCase(),
      ),
      content.subtitle ? h('div', { fontSize: 30, color: '#a9c2b3', marginTop: 10 }, content.subtitle) : h('div', { display: 'none' }),
    ),
    h('div', { display: 'flex' }, ...content.facts.map(fact)),
  );

  return layoutToPng(root, SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT);
}
