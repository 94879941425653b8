export default function Section() {
  return <section className="parent-section" />;
}
