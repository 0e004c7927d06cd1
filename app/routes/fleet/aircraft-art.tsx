export function AircraftArt({ kind, className = "" }: { kind: "turboprop" | "jet"; className?: string }) {
  return (
    <svg viewBox="0 0 320 120" className={className} aria-hidden="true" focusable="false">
      <rect width="320" height="120" rx="12" fill="#e1e8f3" />
      <path d="M0 100 H320" stroke="#c3d0e6" strokeWidth="2" />
      {/* Fuselage */}
      <path
        d="M40 66 Q46 50 80 48 H230 Q262 48 286 30 L296 30 L284 62 Q250 74 200 76 H70 Q44 76 40 66Z"
        fill="#ffffff"
        stroke="#17294a"
        strokeWidth="2"
      />
      {/* Windows */}
      {[100, 122, 144, 166, 188].map((x) => (
        <rect key={x} x={x} y="54" width="12" height="9" rx="4" fill="#2b4a7e" />
      ))}
      <path d="M52 58 Q58 50 72 50 L70 60Z" fill="#2b4a7e" />
      {/* Wing */}
      <path d="M130 70 L190 70 L150 92 L130 92Z" fill="#c3d0e6" stroke="#17294a" strokeWidth="1.5" />
      {/* Gold stripe */}
      <path d="M70 70 H230" stroke="#e6bd55" strokeWidth="3" />
      {kind === "turboprop" ? (
        <>
          <path d="M36 66 Q38 60 42 58 V74 Q38 72 36 66Z" fill="#17294a" />
          <rect x="33" y="40" width="4" height="52" rx="2" fill="#17294a" opacity="0.7" />
          <path d="M280 30 L300 22 H308 L296 30Z" fill="#17294a" />
        </>
      ) : (
        <>
          <rect x="226" y="40" width="38" height="14" rx="7" fill="#17294a" />
          <path d="M276 34 L304 28 L300 34Z" fill="#17294a" />
        </>
      )}
    </svg>
  );
}

export function InteriorArt({ view, className = "" }: { view: "cabin" | "seats" | "cockpit"; className?: string }) {
  return (
    <svg viewBox="0 0 240 150" className={className} aria-hidden="true" focusable="false">
      <rect width="240" height="150" fill="#f2f5fa" />
      {view === "cabin" ? (
        <>
          <path d="M20 140 Q20 20 120 14 Q220 20 220 140Z" fill="#e1e8f3" stroke="#c3d0e6" strokeWidth="3" />
          <path d="M70 140 L100 60 H140 L170 140Z" fill="#d4a12a" opacity="0.25" />
          {[40, 70, 100].map((y) => (
            <g key={y}>
              <rect x="34" y={y} width="22" height="14" rx="6" fill="#2b4a7e" opacity="0.6" />
              <rect x="184" y={y} width="22" height="14" rx="6" fill="#2b4a7e" opacity="0.6" />
            </g>
          ))}
          <rect x="104" y="40" width="32" height="26" rx="4" fill="#ffffff" stroke="#c3d0e6" />
        </>
      ) : view === "seats" ? (
        <>
          <rect x="20" y="100" width="200" height="40" fill="#e1e8f3" />
          {[40, 140].map((x) => (
            <g key={x}>
              <path
                d={`M${x} 40 h40 q10 0 10 10 v50 h-60 v-50 q0 -10 10 -10Z`}
                fill="#f0d38a"
                stroke="#b2831c"
                strokeWidth="2"
              />
              <rect x={x - 12} y="96" width="74" height="18" rx="6" fill="#e6bd55" />
            </g>
          ))}
          <rect x="100" y="90" width="40" height="8" rx="3" fill="#17294a" />
        </>
      ) : (
        <>
          <path d="M10 20 Q120 -10 230 20 V80 H10Z" fill="#93c5fd" />
          <path d="M10 80 L60 50 L100 70 L150 40 L230 78 V80Z" fill="#ffffff" />
          <rect x="10" y="80" width="220" height="70" fill="#17294a" />
          {[30, 80, 130, 180].map((x) => (
            <rect key={x} x={x} y="92" width="36" height="26" rx="3" fill="#2b4a7e" stroke="#e6bd55" />
          ))}
          <rect x="104" y="126" width="32" height="18" rx="3" fill="#0f1b33" />
        </>
      )}
    </svg>
  );
}
