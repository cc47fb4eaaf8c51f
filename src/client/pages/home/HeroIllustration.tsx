/**
 * The home page's picture, drawn for the firm: a black-and-white timber-framed house of the kind that
 * lines Shrewsbury's streets, the Severn below it, and a set of accounts with a rising chart and a tick
 * in front. Inline, so it costs no request and never delays the first paint; its colours are the
 * firm's (home.css), so a rebrand recolours it. Decorative: the hero's text says everything it says.
 */
export function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 560 480" width="560" height="480" aria-hidden="true">
      {/* An arched window onto the town. */}
      <path className="hero-art__sky" d="M20 480V270a260 260 0 0 1 520 0v210z" />
      <circle className="hero-art__sun" cx="404" cy="150" r="54" />
      <path className="hero-art__hill" d="M20 372c70-34 150-46 236-30s190 8 284-28v166H20z" />

      {/* The timber-framed house: a jettied upper floor over the shop front. */}
      <g className="hero-art__house">
        <path className="hero-art__plaster" d="M118 196l100-86 100 86z" />
        <rect className="hero-art__plaster" x="112" y="196" width="212" height="112" />
        <rect className="hero-art__plaster" x="126" y="308" width="184" height="120" />
        <path
          className="hero-art__timber"
          d="M106 200l112-96 112 96M118 196h200M112 196h212v8H112zM112 300h212v10H112zM126 420h184v10H126zM112 204v96M324 204v96M168 204v96M218 204v96M218 118v32M268 204v96M126 310v110M310 310v110M186 310v110M250 310v110M112 300l56-96M168 300l-56-96M268 300l56-96M324 300l-56-96M178 196l40-34 40 34"
        />
        <rect className="hero-art__window" x="128" y="222" width="26" height="50" rx="2" />
        <rect className="hero-art__window" x="182" y="222" width="26" height="50" rx="2" />
        <rect className="hero-art__window" x="228" y="222" width="26" height="50" rx="2" />
        <rect className="hero-art__window" x="282" y="222" width="26" height="50" rx="2" />
        <rect className="hero-art__window" x="204" y="150" width="28" height="34" rx="2" />
        <rect className="hero-art__door" x="200" y="344" width="36" height="76" rx="18" />
        <rect className="hero-art__window" x="142" y="336" width="32" height="48" rx="2" />
        <rect className="hero-art__window" x="264" y="336" width="32" height="48" rx="2" />
      </g>

      {/* The Severn, curling round the town. */}
      <path className="hero-art__river" d="M20 430c64-18 120 10 186 2s118-34 196-20 92 20 138 10v58H20z" />

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
