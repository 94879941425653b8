import { Svg, type Attributes } from 'chartist';

// The one place that changes Chartist (1.x). It writes two inline style attributes (the SVG's
// size, its labels' overflow), which the portal's Content-Security-Policy refuses (style-src
// 'self': no style attributes). The same declarations applied through the CSSOM are allowed, so
// its attribute writer sends them that way instead. PaymentsChart.spec.tsx fails if a new
// Chartist writes a style attribute some other way.
const setAttributes = Svg.prototype.attr;
Svg.prototype.attr = function (this: Svg, attributes: string | Attributes, ns?: string) {
  if (typeof attributes === 'object' && typeof attributes.style === 'string') {
    const { style, ...others } = attributes;
    (this.getNode() as SVGElement).style.cssText += style;
    attributes = others;
  }
  return Reflect.apply(setAttributes, this, [attributes, ns]);
} as typeof setAttributes;
