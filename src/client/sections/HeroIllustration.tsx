/**
 * The home page's picture when the firm has not uploaded one of its own: a window onto open country, a
 * calendar with a call booked, and a set of accounts with a rising chart and a tick in front. It names no
 * place, so it suits any firm. Inline, so it costs no request and never delays the first paint; its
 * colours are the firm's (home.css). Decorative: the hero's text says everything it says.
 */
export function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 560 480" width="560" height="480" aria-hidden="true">
      {/* An arched window onto open country. */}
      <path className="hero-art__sky" d="M20 480V270a260 260 0 0 1 520 0v210z" />
      <path className="hero-art__hill" d="M20 372c70-34 150-46 236-30s190 8 284-28v166H20z" />
      <path
        className="hero-art__hill hero-art__hill--near"
        d="M20 440c90-30 200-36 300-16s150 4 220-14v70H20z"
      />

      {/* The calendar: a month with one call booked. */}
      <g className="hero-art__calendar">
        <rect className="hero-art__shadow" x="88" y="150" width="208" height="190" rx="16" />
        <rect className="hero-art__paper" x="80" y="140" width="208" height="190" rx="16" />
        <path className="hero-art__bar" d="M80 156a16 16 0 0 1 16-16h176a16 16 0 0 1 16 16v26H80z" />
        {[0, 1, 2, 3].map((row) =>
          [0, 1, 2, 3, 4].map((column) => (
            <rect
              key={`${row}-${column}`}
              className={
                row === 2 && column === 3
                  ? 'hero-art__bar hero-art__bar--accent'
                  : 'hero-art__rule hero-art__rule--faint'
              }
              x={100 + column * 36}
              y={200 + row * 30}
              width="24"
              height="18"
              rx="4"
            />
          )),
        )}
      </g>

      {/* The accounts: a card with figures, a rising chart and a filed tick. */}
      <g className="hero-art__card">
        <rect className="hero-art__shadow" x="338" y="266" width="196" height="168" rx="16" />
        <rect className="hero-art__paper" x="330" y="256" width="196" height="168" rx="16" />
        <rect className="hero-art__rule" x="352" y="280" width="92" height="8" rx="4" />
        <rect className="hero-art__rule hero-art__rule--faint" x="352" y="296" width="60" height="8" rx="4" />
        <rect className="hero-art__bar" x="356" y="364" width="22" height="40" rx="3" />
        <rect className="hero-art__bar" x="390" y="348" width="22" height="56" rx="3" />
        <rect className="hero-art__bar" x="424" y="330" width="22" height="74" rx="3" />
        <rect className="hero-art__bar hero-art__bar--accent" x="458" y="306" width="22" height="98" rx="3" />
        <path className="hero-art__trend" d="M362 348l40-18 30-14 40-24" />
        <circle className="hero-art__badge" cx="500" cy="258" r="26" />
        <path className="hero-art__tick" d="M488 258l8 8 16-17" />
      </g>
    </svg>
  );
}
