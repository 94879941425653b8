import { Card } from '@portal/ui/card';
import { texts } from '../texts';

export default function PartySection() {
  return (
    <Card>
      <p className="parent-coming-soon">{texts.comingSoon}</p>
    </Card>
  );
}
