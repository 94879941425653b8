export default function Section() {
  return <section className="admin-section" />;
}
