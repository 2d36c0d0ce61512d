import DOMPurify from 'dompurify';

/**
 * HTML the server has sanitised (previewHtml, stored news and pages), sanitised again here before
 * it reaches the page, as the member app does.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
