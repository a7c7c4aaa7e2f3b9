import fs from 'node:fs'
import path from 'node:path'

/**
 * Demo pictures drawn at seed time: small deterministic SVG files (gradient, a simple silhouette of the
 * product and its Chinese name) under `${dataDir}/media`, served at /media/... Nothing is committed.
 */

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','WenQuanYi Micro Hei',sans-serif"

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Silhouettes drawn in a 400 × 400 box, centred around (200, 180). */
export const SHAPES: Record<string, string> = {
  dress: '<path d="M172 70h56l10 50-22 22 64 158H120l64-158-22-22z"/>',
  tshirt: '<path d="M140 80l42-10q18 22 36 0l42 10 44 52-34 26-14-14v146H144V144l-14 14-34-26z"/>',
  coat: '<path d="M146 76l34-8 20 40 20-40 34 8 34 64-28 14-8-10v156H148V144l-8 10-28-14z"/><path d="M198 112h4v176h-4z" opacity=".5"/>',
  trousers: '<path d="M148 70h104l18 226h-52l-18-150-18 150h-52z"/>',
  shoe: '<path d="M84 250q8-70 52-70l44 24q56 18 112 26 34 6 32 40H84z"/><path d="M84 260h244v14H84z" opacity=".6"/>',
  lipstick: '<path d="M176 170h48v130h-48z"/><path d="M182 170v-64l36-18v82z"/><path d="M168 300h64v16h-64z" opacity=".6"/>',
  jar: '<path d="M132 150h136v120q0 20-20 20H152q-20 0-20-20z"/><path d="M124 112h152v34H124z" opacity=".7"/>',
  bottle: '<path d="M182 70h36v34q44 18 44 62v118q0 12-12 12H150q-12 0-12-12V166q0-44 44-62z"/><path d="M176 60h48v14h-48z" opacity=".6"/>',
  perfume: '<path d="M130 150h140v130q0 16-16 16H146q-16 0-16-16z"/><path d="M180 100h40v50h-40z" opacity=".7"/><path d="M170 80h60v24h-60z"/>',
  phone: '<rect x="146" y="60" width="108" height="226" rx="18"/><rect x="156" y="82" width="88" height="176" rx="6" opacity=".45"/>',
  headphone: '<path d="M116 210v-20a84 84 0 0 1 168 0v20h-20v-20a64 64 0 0 0-128 0v20z"/><rect x="104" y="200" width="44" height="84" rx="14"/><rect x="252" y="200" width="44" height="84" rx="14"/>',
  laptop: '<rect x="118" y="100" width="164" height="118" rx="8"/><path d="M86 228h228l-16 26H102z" opacity=".8"/>',
  watch: '<rect x="172" y="70" width="56" height="60" rx="8" opacity=".7"/><rect x="172" y="250" width="56" height="60" rx="8" opacity=".7"/><rect x="150" y="120" width="100" height="140" rx="26"/>',
  bedding: '<path d="M90 180h220v90H90z"/><path d="M110 140h80v40h-80zM210 140h80v40h-80z" opacity=".7"/><path d="M90 270h14v24H90zM296 270h14v24h-14z"/>',
  lamp: '<path d="M156 80h88l34 80H122z"/><path d="M194 160h12v112h-12z"/><path d="M150 272h100v16H150z"/>',
  box: '<path d="M110 140h180v150H110z"/><path d="M100 110h200v36H100z" opacity=".7"/><path d="M180 180h40v12h-40z" opacity=".5"/>',
  sofa: '<path d="M92 160q0-20 20-20h176q20 0 20 20v50H92z" opacity=".7"/><path d="M76 190h248v70H76z"/><path d="M90 260h16v24H90zM294 260h16v24h-16z"/>',
  snack: '<path d="M136 80h128l12 20-6 180 6 20H124l6-20-6-180z"/><circle cx="200" cy="190" r="34" opacity=".5"/>',
  cup: '<path d="M128 130h144l-14 156q-2 14-16 14h-84q-14 0-16-14z"/><path d="M272 160h18q20 0 20 24t-20 24h-24" fill="none" stroke="#fff" stroke-width="12" opacity=".8"/>',
  fruit: '<circle cx="200" cy="200" r="86"/><path d="M198 116q-4-32 20-48l8 10q-20 14-16 38z" opacity=".7"/><path d="M212 108q30-30 64-14-26 30-64 14z" opacity=".6"/>',
  can: '<rect x="136" y="90" width="128" height="200" rx="16"/><rect x="128" y="80" width="144" height="28" rx="10" opacity=".7"/><circle cx="200" cy="200" r="34" opacity=".45"/>',
  diaper: '<path d="M110 110h180l-20 90q-70 90-140 0z"/><path d="M110 110h180v20H110z" opacity=".6"/>',
  toy: '<circle cx="200" cy="210" r="70"/><circle cx="200" cy="120" r="44"/><circle cx="164" cy="86" r="16"/><circle cx="236" cy="86" r="16"/>',
  mat: '<rect x="90" y="150" width="220" height="110" rx="14" opacity=".6"/><path d="M90 150h46v110H90z"/><circle cx="113" cy="205" r="23" opacity=".6"/>',
  ball: '<circle cx="200" cy="190" r="96"/><path d="M104 190h192M200 94v192" stroke="#fff" stroke-width="6" opacity=".5" fill="none"/>',
  book: '<path d="M108 90l92 20 92-20v190l-92 20-92-20z"/><path d="M197 110h6v190h-6z" opacity=".5"/>',
  backpack:
    '<rect x="130" y="100" width="140" height="190" rx="36"/><path d="M168 100v-22q0-18 32-18t32 18v22" fill="none" stroke="#fff" stroke-width="12"/><rect x="156" y="200" width="88" height="60" rx="12" opacity=".5"/>',
  handbag: '<path d="M110 150h180l16 140H94z"/><path d="M156 150q0-70 44-70t44 70" fill="none" stroke="#fff" stroke-width="12"/>',
  suitcase: '<rect x="134" y="100" width="132" height="188" rx="16"/><path d="M176 100V76h48v24" fill="none" stroke="#fff" stroke-width="10"/><path d="M160 288h14v16h-14zM226 288h14v16h-14z"/>',
  necklace: '<path d="M120 80q0 130 80 150 80-20 80-150" fill="none" stroke="#fff" stroke-width="8"/><path d="M200 220l26 34-26 40-26-40z"/>',
  ring: '<circle cx="200" cy="220" r="70" fill="none" stroke="#fff" stroke-width="20"/><path d="M200 150l-32-36 14-28h36l14 28z"/>',
  bracelet: '<ellipse cx="200" cy="200" rx="100" ry="64" fill="none" stroke="#fff" stroke-width="22"/><circle cx="200" cy="136" r="16"/>',
  tv: '<rect x="80" y="90" width="240" height="150" rx="10"/><path d="M180 240h40l10 30h-60z" opacity=".8"/><path d="M140 270h120v12H140z"/>',
  fryer:
    '<path d="M130 90h140q14 0 14 14v176q0 14-14 14H130q-14 0-14-14V104q0-14 14-14z"/><rect x="140" y="170" width="120" height="90" rx="10" opacity=".5"/><circle cx="200" cy="128" r="14" opacity=".6"/>',
  dryer: '<circle cx="170" cy="150" r="70"/><path d="M220 110h80v80h-80z"/><path d="M150 200h44l-10 100h-24z"/>',
  robot: '<circle cx="200" cy="190" r="104"/><circle cx="200" cy="190" r="70" opacity=".5"/><circle cx="200" cy="140" r="12"/>',
  petfood:
    '<path d="M130 80h140l10 210H120z"/><circle cx="200" cy="200" r="18" opacity=".5"/><circle cx="176" cy="168" r="10" opacity=".5"/><circle cx="224" cy="168" r="10" opacity=".5"/><circle cx="162" cy="196" r="9" opacity=".5"/><circle cx="238" cy="196" r="9" opacity=".5"/>',
  litter: '<path d="M100 170h200l-20 110H120z"/><path d="M90 150h220v24H90z" opacity=".7"/>',
  bone: '<path d="M130 170h140v40H130z"/><circle cx="122" cy="168" r="22"/><circle cx="122" cy="212" r="22"/><circle cx="278" cy="168" r="22"/><circle cx="278" cy="212" r="22"/>',
  // Shapes of goods whose sub-category's shape would show another object (issue 18: a 冲锋衣 drawn as a bag).
  puffer:
    '<path d="M156 76q44-12 88 0l40 16 34 86-32 14-12-20v128H156V172l-12 20-32-14 34-86z"/><path d="M156 126h88M156 172h88M156 218h88M156 264h88M122 150l-12 30M278 150l12 30" fill="none" stroke="#000" stroke-opacity=".14" stroke-width="6"/><path d="M172 70q28 14 56 0v-12q-28 10-56 0z" opacity=".75"/>',
  jacket:
    '<path d="M164 98q2-54 36-54t36 54l-14 4q-4-38-22-38t-22 38z"/><path d="M146 94l34-6q20 16 40 0l34 6 38 84-30 14-10-16v130H148V176l-10 16-30-14z"/><path d="M197 100h6v200h-6zM160 150h28v6h-28zM212 150h28v6h-28z" fill="#000" opacity=".18"/>',
  gloss: '<rect x="176" y="150" width="48" height="146" rx="12"/><rect x="182" y="66" width="36" height="90" rx="9" opacity=".75"/><path d="M194 164h12v110h-12z" fill="#000" opacity=".12"/>',
  pump: '<path d="M146 146q0-22 22-22h64q22 0 22 22v136q0 16-16 16h-76q-16 0-16-16z"/><path d="M188 124V94h24v30z" opacity=".75"/><path d="M172 80h56v16h-56zM228 82h34v10h-34z"/><rect x="166" y="180" width="68" height="56" rx="8" fill="#000" opacity=".1"/>',
  earbuds:
    '<rect x="126" y="172" width="148" height="112" rx="50"/><path d="M126 222h148" stroke="#000" stroke-opacity=".15" stroke-width="4"/><circle cx="160" cy="104" r="26"/><rect x="152" y="104" width="16" height="54" rx="8"/><circle cx="240" cy="104" r="26"/><rect x="232" y="104" width="16" height="54" rx="8"/>',
  tablet:
    '<rect x="108" y="78" width="184" height="226" rx="16"/><rect x="120" y="92" width="160" height="196" rx="6" opacity=".45"/><rect x="304" y="96" width="10" height="150" rx="5" opacity=".85"/>',
  pillow: '<path d="M96 150q0-32 32-36 72-10 144 0 32 4 32 36v64q0 32-32 36-72 10-144 0-32-4-32-36z"/><path d="M120 176q80-22 160 0" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="6"/>',
  quilt:
    '<rect x="96" y="206" width="208" height="48" rx="16"/><rect x="106" y="156" width="188" height="46" rx="16" opacity=".8"/><rect x="116" y="106" width="168" height="46" rx="16" opacity=".65"/><path d="M140 230h120M150 180h100" stroke="#000" stroke-opacity=".1" stroke-width="5"/>',
  floorlamp: '<path d="M158 56h84l28 60H130z"/><path d="M196 116h8v170h-8z"/><ellipse cx="200" cy="292" rx="54" ry="11"/>',
  ceilinglamp:
    '<path d="M96 120h208v12H96z" opacity=".6"/><ellipse cx="200" cy="176" rx="112" ry="46"/><ellipse cx="200" cy="166" rx="80" ry="24" opacity=".5"/><path d="M200 240v36M140 232l-18 28M260 232l18 28" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
  drawers:
    '<rect x="118" y="76" width="164" height="216" rx="10"/><path d="M128 146h144M128 218h144" stroke="#000" stroke-opacity=".15" stroke-width="6"/><path d="M184 106h32v9h-32zM184 178h32v9h-32zM184 250h32v9h-32z" fill="#000" opacity=".22"/>',
  vacuumbag:
    '<path d="M112 104h176q12 0 12 12v160q0 12-12 12H112q-12 0-12-12V116q0-12 12-12z"/><path d="M100 128h200" stroke="#000" stroke-opacity=".15" stroke-width="6"/><path d="M130 170q20 30 0 70M270 170q-20 30 0 70" fill="none" stroke="#000" stroke-opacity=".1" stroke-width="5"/><circle cx="200" cy="206" r="30" fill="#000" opacity=".15"/><circle cx="200" cy="206" r="15"/>',
  bowl: '<path d="M96 170h208q0 104-104 114-104-10-104-114z"/><ellipse cx="200" cy="170" rx="104" ry="18" opacity=".7"/><path d="M262 70l-40 98" stroke="#fff" stroke-width="12" stroke-linecap="round"/><circle cx="170" cy="164" r="8" fill="#000" opacity=".12"/><circle cx="198" cy="160" r="7" fill="#000" opacity=".12"/><circle cx="150" cy="172" r="6" fill="#000" opacity=".12"/>',
  orange:
    '<circle cx="176" cy="196" r="82"/><circle cx="176" cy="196" r="7" fill="#000" opacity=".14"/><path d="M176 114q4-24 30-30l6 9q-20 6-24 21z" opacity=".8"/><circle cx="282" cy="238" r="54" opacity=".85"/><circle cx="282" cy="238" r="42" fill="#000" opacity=".08"/><path d="M282 196v84M240 238h84M252 208l60 60M312 208l-60 60" stroke="#fff" stroke-width="5"/>',
  mango:
    '<path d="M114 226q-12-96 82-126 94-26 116 52 14 74-62 114-114 42-136-40z"/><path d="M276 104q22-22 48-14-10 26-48 14z" opacity=".75"/><path d="M150 230q40 30 110-20" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="10"/>',
  strawberry:
    '<path d="M200 300q-100-62-100-146 0-40 50-40h100q50 0 50 40 0 84-100 146z"/><path d="M144 118l22-32 34 22 34-22 22 32q-56 22-112 0z" opacity=".75"/><g fill="#000" opacity=".16"><ellipse cx="160" cy="160" rx="4" ry="7"/><ellipse cx="200" cy="150" rx="4" ry="7"/><ellipse cx="240" cy="160" rx="4" ry="7"/><ellipse cx="176" cy="200" rx="4" ry="7"/><ellipse cx="224" cy="200" rx="4" ry="7"/><ellipse cx="200" cy="240" rx="4" ry="7"/><ellipse cx="150" cy="206" rx="4" ry="7"/><ellipse cx="250" cy="206" rx="4" ry="7"/></g>',
  berries:
    '<circle cx="152" cy="222" r="46"/><circle cx="250" cy="218" r="48"/><circle cx="202" cy="148" r="46"/><circle cx="204" cy="268" r="34" opacity=".85"/><g fill="#000" opacity=".22"><path d="M152 204l8 8-8 8-8-8z"/><path d="M250 200l8 8-8 8-8-8z"/><path d="M202 130l8 8-8 8-8-8z"/><path d="M204 254l7 7-7 7-7-7z"/></g><path d="M220 104q30-40 70-30-20 36-70 30z" opacity=".75"/>',
  onesie:
    '<path d="M150 78l30-8q20 16 40 0l30 8 42 50-28 26-14-12v70l-30 74h-34l-6-40-6 40h-34l-30-74v-70l-14 12-28-26z"/><g fill="#000" opacity=".16"><circle cx="200" cy="112" r="5"/><circle cx="200" cy="140" r="5"/><circle cx="200" cy="168" r="5"/></g>',
  blocks:
    '<rect x="104" y="206" width="86" height="86" rx="8"/><rect x="200" y="206" width="86" height="86" rx="8" opacity=".8"/><rect x="152" y="116" width="86" height="86" rx="8" opacity=".9"/><path d="M246 202l40-70 40 70z" opacity=".75"/><path d="M132 236h30v26h-30zM228 236h30v26h-30z" fill="#000" opacity=".12"/>',
  car: '<path d="M96 236l22-54q8-20 30-20h104q22 0 30 20l22 54v32H96z"/><path d="M148 178h104l14 42H134z" fill="#000" opacity=".15"/><circle cx="144" cy="270" r="28"/><circle cx="256" cy="270" r="28"/><path d="M282 160V96" stroke="#fff" stroke-width="6"/><circle cx="282" cy="92" r="9"/>',
  puzzle: '<path d="M120 120h60q-10-40 20-40t20 40h60v60q40-10 40 20t-40 20v60h-60q10 40-20 40t-20-40h-60v-60q-40 10-40-20t40-20z"/>',
  band: '<path d="M132 112q68 180 136 0" fill="none" stroke="#fff" stroke-width="14"/><rect x="96" y="82" width="70" height="32" rx="14"/><rect x="234" y="82" width="70" height="32" rx="14"/>',
  dumbbell:
    '<rect x="110" y="134" width="36" height="112" rx="8"/><rect x="254" y="134" width="36" height="112" rx="8"/><rect x="84" y="152" width="28" height="76" rx="6" opacity=".8"/><rect x="288" y="152" width="28" height="76" rx="6" opacity=".8"/><rect x="146" y="180" width="108" height="20" rx="6"/>',
  tent: '<path d="M200 80l124 204H76z"/><path d="M200 140l42 144h-84z" fill="#000" opacity=".18"/><path d="M56 284h288v10H56z" opacity=".7"/><path d="M200 80V58" stroke="#fff" stroke-width="6"/><path d="M200 58l26 10-26 10z"/>',
  chair: '<path d="M126 112h148l-12 98H138z"/><path d="M116 208h168v26H116z" opacity=".85"/><path d="M140 234l104 62M260 234l-104 62" stroke="#fff" stroke-width="12" stroke-linecap="round"/>',
  ricecooker:
    '<path d="M106 164q0-44 44-48h100q44 4 44 48v110q0 20-20 20H126q-20 0-20-20z"/><path d="M116 154h168" stroke="#000" stroke-opacity=".15" stroke-width="6"/><path d="M174 96h52v20h-52z" opacity=".8"/><rect x="168" y="204" width="64" height="32" rx="8" fill="#000" opacity=".15"/>',
  blender:
    '<path d="M148 82h104l-16 150h-72z" opacity=".75"/><path d="M142 68h116v20H142z"/><path d="M134 232h132l10 62H124z"/><circle cx="200" cy="264" r="13" fill="#000" opacity=".2"/><path d="M182 196l36-16M182 176l36 16" stroke="#fff" stroke-width="6"/>',
  pot: '<path d="M98 168h204v62q0 52-52 52H150q-52 0-52-52z"/><path d="M110 150q90-44 180 0z" opacity=".75"/><path d="M88 184H66M312 184h22" stroke="#fff" stroke-width="14" stroke-linecap="round"/><circle cx="200" cy="122" r="11"/><rect x="170" y="218" width="60" height="28" rx="8" fill="#000" opacity=".14"/>',
  toothbrush:
    '<rect x="178" y="112" width="44" height="184" rx="22"/><rect x="188" y="58" width="24" height="62" rx="10" opacity=".85"/><rect x="182" y="38" width="36" height="32" rx="7"/><circle cx="200" cy="172" r="9" fill="#000" opacity=".2"/>',
  shaver:
    '<path d="M160 132h80v150q0 20-20 20h-40q-20 0-20-20z"/><rect x="138" y="78" width="124" height="60" rx="26" opacity=".85"/><circle cx="172" cy="108" r="15" fill="#000" opacity=".15"/><circle cx="228" cy="108" r="15" fill="#000" opacity=".15"/><circle cx="200" cy="190" r="9" fill="#000" opacity=".2"/>',
  curler:
    '<g transform="rotate(-30 200 190)"><rect x="186" y="196" width="30" height="110" rx="12"/><rect x="190" y="60" width="22" height="140" rx="11" opacity=".85"/><path d="M218 80h12v100h-12z"/><path d="M201 306q0 30-40 40" fill="none" stroke="#fff" stroke-width="5"/></g>',
  vacuum: '<path d="M226 58h34v44h-34z"/><path d="M240 100L172 276" stroke="#fff" stroke-width="14" stroke-linecap="round"/><path d="M222 118q44 0 44 42v34h-54z"/><path d="M110 270h118v24H110z"/>',
  handvac:
    '<path d="M106 200h188v52q0 22-22 22H128q-22 0-22-22z"/><path d="M146 200v-58q0-32 54-32t54 32v58h-24v-50q0-16-30-16t-30 16v50z"/><path d="M124 262h152" stroke="#000" stroke-opacity=".15" stroke-width="6"/>',
  wand: '<path d="M104 300L252 86" stroke="#fff" stroke-width="12" stroke-linecap="round"/><path d="M252 86q54 34 30 104" fill="none" stroke="#fff" stroke-width="4"/><path d="M282 190q-32 42-16 92 28-38 16-92z"/><path d="M282 190q32 40 22 88-32-30-22-88z" opacity=".8"/><circle cx="282" cy="190" r="10"/>',
  scratcher: '<path d="M86 254q114-136 228 0v34H86z"/><path d="M108 254q92-104 184 0M132 268q68-72 136 0" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="6"/>',
  petbed:
    '<ellipse cx="200" cy="232" rx="132" ry="58"/><ellipse cx="200" cy="216" rx="92" ry="32" fill="#000" opacity=".12"/><path d="M94 214q106-72 212 0" fill="none" stroke="#fff" stroke-width="12"/><g fill="#fff"><circle cx="200" cy="220" r="10"/><circle cx="184" cy="204" r="5"/><circle cx="196" cy="200" r="5"/><circle cx="208" cy="200" r="5"/><circle cx="218" cy="206" r="5"/></g>',
}

/** A deterministic two-colour gradient from a hue. */
const gradient = (id: string, hue: number, angle = 0) => {
  const h2 = (hue + 36) % 360
  const rot = angle ? ` gradientTransform="rotate(${angle} .5 .5)"` : ''
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"${rot}><stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${h2},65%,52%)"/></linearGradient></defs>`
}

/** Splits a name into at most two lines of about `per` characters. */
function lines(text: string, per: number): string[] {
  const chars = [...text]
  if (chars.length <= per) return [text]
  const cut = text.lastIndexOf(' ', per + 1)
  if (cut > 3) {
    const rest = [...text.slice(cut + 1)]
    return [text.slice(0, cut), rest.length > per ? `${rest.slice(0, per - 1).join('')}…` : rest.join('')]
  }
  const rest = chars.slice(per)
  return [chars.slice(0, per).join(''), rest.length > per ? `${rest.slice(0, per - 1).join('')}…` : rest.join('')]
}

/** Product picture, 400 × 400: gradient, silhouette, name; `label` adds a corner tag (细节 / 多色可选...). */
export function goodsSvg(o: { name: string; shape: string; hue: number; variant?: number; label?: string }): string {
  const v = o.variant || 0
  const scale = [1, 0.85, 1.12, 0.95][v % 4]
  const tilt = [0, -8, 6, 0][v % 4]
  const hue = (o.hue + v * 24) % 360
  const text = lines(o.name, 11)
  const ty = text.length > 1 ? 330 : 346
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">${gradient('g', hue, v * 30)}` +
    `<rect width="400" height="400" fill="url(#g)"/>` +
    `<circle cx="${320 - v * 40}" cy="${70 + v * 20}" r="${90 + v * 10}" fill="#fff" opacity=".12"/>` +
    `<g fill="#fff" opacity=".92" transform="translate(200 180) rotate(${tilt}) scale(${scale}) translate(-200 -180)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<rect y="${ty - 34}" width="400" height="${400 - ty + 34}" fill="#000" opacity=".16"/>` +
    text.map((l, i) => `<text x="200" y="${ty + i * 34}" font-family="${FONT}" font-size="26" font-weight="600" fill="#fff" text-anchor="middle">${esc(l)}</text>`).join('') +
    (o.label
      ? `<rect x="16" y="16" rx="14" width="${[...o.label].length * 22 + 24}" height="36" fill="#fff" opacity=".85"/><text x="${28}" y="41" font-family="${FONT}" font-size="20" fill="hsl(${hue},60%,40%)">${esc(o.label)}</text>`
      : '') +
    `</svg>`
  )
}

/** A wide picture for the rich-text detail (750 × 420) with a heading and a line of selling points. */
export function detailSvg(o: { title: string; line: string; shape: string; hue: number; index: number }): string {
  const hue = (o.hue + o.index * 50) % 360
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="420" viewBox="0 0 750 420">${gradient('d', hue, 90)}` +
    `<rect width="750" height="420" fill="url(#d)"/>` +
    `<g fill="#fff" opacity=".9" transform="translate(360 30) scale(.95)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<text x="48" y="140" font-family="${FONT}" font-size="40" font-weight="700" fill="#fff">${esc(o.title)}</text>` +
    `<text x="48" y="200" font-family="${FONT}" font-size="26" fill="#fff" opacity=".9">${esc(o.line)}</text>` +
    `<rect x="48" y="240" width="120" height="6" rx="3" fill="#fff" opacity=".7"/>` +
    `</svg>`
  )
}

/** Home banner, 750 × 320. */
export function bannerSvg(o: { title: string; subtitle: string; hue: number; shape: string; height?: number; button?: boolean }): string {
  // Taller pictures (activity covers, 750 × 420) keep the banner's drawing, centred.
  const h = o.height || 320
  const dy = (h - 320) / 2
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="${h}" viewBox="0 0 750 ${h}">${gradient('b', o.hue, 20)}` +
    `<rect width="750" height="${h}" fill="url(#b)"/>` +
    `<g transform="translate(0 ${dy})">` +
    `<circle cx="620" cy="60" r="140" fill="#fff" opacity=".12"/><circle cx="700" cy="300" r="90" fill="#fff" opacity=".1"/>` +
    `<g fill="#fff" opacity=".9" transform="translate(420 -20) scale(.85)">${SHAPES[o.shape] || SHAPES.box}</g>` +
    `<text x="48" y="140" font-family="${FONT}" font-size="52" font-weight="700" fill="#fff">${esc(o.title)}</text>` +
    `<text x="48" y="200" font-family="${FONT}" font-size="28" fill="#fff">${esc(o.subtitle)}</text>` +
    (o.button === false
      ? ''
      : `<rect x="48" y="230" width="150" height="48" rx="24" fill="#fff"/><text x="123" y="263" font-family="${FONT}" font-size="24" fill="hsl(${o.hue},60%,45%)" text-anchor="middle">立即抢购</text>`) +
    `</g></svg>`
  )
}

/** Simple glyphs for the navigation icons (white on a gradient disc, 96 × 96). */
const GLYPHS: Record<string, string> = {
  flash: '<path d="M52 18L30 52h16l-6 26 24-36H48z"/>',
  coupon: '<path d="M22 32h52v10a6 6 0 0 0 0 12v10H22V54a6 6 0 0 0 0-12z"/><path d="M40 36v24" stroke="#000" stroke-opacity=".2" stroke-width="3" stroke-dasharray="3 3"/>',
  points: '<circle cx="48" cy="48" r="24"/><text x="48" y="57" font-family="sans-serif" font-size="24" font-weight="700" fill="#000" fill-opacity=".25" text-anchor="middle">¥</text>',
  gift: '<rect x="24" y="42" width="48" height="32" rx="4"/><rect x="20" y="32" width="56" height="12" rx="3"/><path d="M48 32c-6-12-20-12-18-2 2 6 18 2 18 2zm0 0c6-12 20-12 18-2-2 6-18 2-18 2z"/>',
  crown: '<path d="M22 66l-4-34 16 12 14-20 14 20 16-12-4 34z"/>',
  book: '<path d="M22 28l26 6 26-6v40l-26 6-26-6z"/>',
  notice: '<path d="M22 40h14l22-14v44L36 56H22z"/><path d="M64 38q8 10 0 20" fill="none" stroke="#fff" stroke-width="5"/>',
  money: '<rect x="20" y="30" width="56" height="36" rx="6"/><circle cx="48" cy="48" r="10" fill="#000" fill-opacity=".2"/>',
  task: '<rect x="26" y="22" width="44" height="54" rx="6"/><path d="M34 48l8 8 16-16" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="5"/>',
  grid: '<rect x="22" y="22" width="22" height="22" rx="5"/><rect x="52" y="22" width="22" height="22" rx="5"/><rect x="22" y="52" width="22" height="22" rx="5"/><rect x="52" y="52" width="22" height="22" rx="5"/>',
}

export function navIconSvg(glyph: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">${gradient('n', hue, 45)}` +
    `<circle cx="48" cy="48" r="46" fill="url(#n)"/><g fill="#fff">${GLYPHS[glyph] || GLYPHS.grid}</g></svg>`
  )
}

/** Category icon, 120 × 120: the silhouette on a soft disc. */
export function categorySvg(shape: string, hue: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 400 400">${gradient('c', hue, 45)}` +
    `<circle cx="200" cy="200" r="196" fill="url(#c)"/><g fill="#fff" transform="translate(200 200) scale(.82) translate(-200 -185)">${SHAPES[shape] || SHAPES.box}</g></svg>`
  )
}

/** Brand logo, 200 × 200: the brand name in a rounded square. */
export function brandLogoSvg(name: string, hue: number): string {
  const size = [...name].length > 3 ? 40 : 52
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">${gradient('l', hue, 45)}` +
    `<rect width="200" height="200" rx="40" fill="url(#l)"/><rect x="14" y="14" width="172" height="172" rx="30" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>` +
    `<text x="100" y="${100 + size / 3}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${esc(name)}</text></svg>`
  )
}

/** A buyer's photo for a review, 300 × 300. */
export function reviewSvg(shape: string, hue: number, n: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 400 400">${gradient('r', hue, n * 40)}` +
    `<rect width="400" height="400" fill="url(#r)"/><rect x="20" y="300" width="360" height="80" fill="#fff" opacity=".2"/>` +
    `<g fill="#fff" opacity=".85" transform="translate(200 180) rotate(${(n % 5) * 7 - 14}) scale(.8) translate(-200 -180)">${SHAPES[shape] || SHAPES.box}</g>` +
    `<text x="200" y="352" font-family="${FONT}" font-size="30" fill="#fff" text-anchor="middle">买家实拍</text></svg>`
  )
}

/** Writes media files (relative paths under media/) and returns nothing; folders are created as needed. */
export function writeMedia(dataDir: string, files: Array<[string, string]>) {
  const root = path.join(dataDir, 'media')
  const dirs = new Set(files.map(([rel]) => path.dirname(path.join(root, rel))))
  for (const d of dirs) fs.mkdirSync(d, { recursive: true })
  for (const [rel, content] of files) fs.writeFileSync(path.join(root, rel), content)
}
