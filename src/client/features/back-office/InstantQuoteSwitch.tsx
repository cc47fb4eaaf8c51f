import { call } from '#client/lib/api-client.ts';
import { readInstantQuoteSetting, saveInstantQuoteSetting } from '#shared/api/back-office-pricing.ts';
import { instantQuotePaths } from '#shared/instant-quote.ts';
import { Feedback } from './Feedback.tsx';
import { NotLoaded } from './NotLoaded.tsx';
import { useAction } from './useAction.ts';
import { useEndpoint } from './useEndpoint.ts';

/**
 * The owner's switch for the instant quote on the public site (docs/behaviour/instant-quote.md), priced
 * from the price list saved above.
 */
export function InstantQuoteSwitch() {
  const setting = useEndpoint(readInstantQuoteSetting, {});
  const { status, problems, act } = useAction(async () => {
    await setting.reload();
  });
  if (!setting.data) return <NotLoaded problem={setting.problem} />;
  const { enabled } = setting.data;
  return (
    <section aria-labelledby="instant-quote-title">
      <h2 id="instant-quote-title">Instant quote on the site</h2>
      <p>
        {enabled ? (
          <>
            Visitors can work out a price from this price list at{' '}
            <a href={instantQuotePaths.page}>{instantQuotePaths.page}</a> and send it to you as a quote
            request.
          </>
        ) : (
          'Off: visitors cannot work out a price on the site. Turn it on once your prices are your own.'
        )}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => act(() => call(saveInstantQuoteSetting, { body: { enabled: !enabled } }))}
      >
        {enabled ? 'Turn the instant quote off' : 'Turn the instant quote on'}
      </button>
      <Feedback status={status} problems={problems} />
    </section>
  );
}
