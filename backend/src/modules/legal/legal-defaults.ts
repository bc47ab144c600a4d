import type { Language } from '../../common/i18n';
import type { LegalPageName } from './legal-pages';

/**
 * The built-in text of each legal page in each language: what a page shows
 * while the seller has not written their own in the console (Settings >
 * Legal pages). The English texts are the spec's; the others say the same.
 * `{{placeholders}}` are filled from the settings when a page is shown
 * (legal-render.ts). Contact lines end with a backslash: a line break.
 */
export const LEGAL_DEFAULTS: Record<LegalPageName, Record<Language, string>> = {
  terms: {
    en: String.raw`These terms govern your use of {{siteName}}, its courses and its members' area. By buying access or creating an account you accept them.

## 1. Access

A one-time payment of {{price}} gives one person lifetime access to the members' area for as long as the service operates. Accounts are personal: sharing credentials or redistributing course material is not allowed and may lead to suspension.

## 2. Payments

Payments are made in cryptocurrency through a third-party payment processor. Network fees are borne by the buyer. Access is granted once the processor confirms the payment in full.

## 3. Refunds

Refunds follow our [Refund Policy](/refund-policy), including the {{refundWindowDays}}-day money-back guarantee and its conditions.

## 4. No guarantee of earnings

Results shown on this site are examples and depend on your own work, budget and market conditions. Affiliate marketing involves risk, and we do not promise any level of income.

## 5. Responsible marketing

You must comply with the laws of the countries you target, including gambling advertising rules, and must never market gambling to minors.

## 6. Contact

{{sellerName}}\
{{sellerAddress}}

Need help? Contact support: [{{supportEmail}}](mailto:{{supportEmail}})
`,
    es: String.raw`Estas condiciones rigen el uso de {{siteName}}, sus cursos y su área de miembros. Al comprar el acceso o crear una cuenta, las aceptas.

## 1. Acceso

Un pago único de {{price}} da a una persona acceso de por vida al área de miembros mientras el servicio esté en funcionamiento. Las cuentas son personales: no está permitido compartir las credenciales ni redistribuir el material del curso, y hacerlo puede conllevar la suspensión.

## 2. Pagos

Los pagos se realizan en criptomonedas a través de un procesador de pagos externo. Las comisiones de red corren a cargo del comprador. El acceso se concede cuando el procesador confirma el pago completo.

## 3. Reembolsos

Los reembolsos se rigen por nuestra [Política de reembolso](/refund-policy), incluida la garantía de devolución del dinero de {{refundWindowDays}} días y sus condiciones.

## 4. Sin garantía de ganancias

Los resultados mostrados en este sitio son ejemplos y dependen de tu propio trabajo, presupuesto y de las condiciones del mercado. El marketing de afiliación implica riesgos y no prometemos ningún nivel de ingresos.

## 5. Marketing responsable

Debes cumplir las leyes de los países a los que te diriges, incluidas las normas sobre publicidad de juegos de azar, y nunca debes promocionar juegos de azar entre menores.

## 6. Contacto

{{sellerName}}\
{{sellerAddress}}

¿Necesitas ayuda? Contacta con soporte: [{{supportEmail}}](mailto:{{supportEmail}})
`,
    fr: String.raw`Les présentes conditions régissent votre utilisation de {{siteName}}, de ses cours et de son espace membres. En achetant un accès ou en créant un compte, vous les acceptez.

## 1. Accès

Un paiement unique de {{price}} donne à une personne un accès à vie à l'espace membres, aussi longtemps que le service est exploité. Les comptes sont personnels : le partage des identifiants ou la redistribution du contenu des cours est interdit et peut entraîner une suspension.

## 2. Paiements

Les paiements s'effectuent en cryptomonnaie par l'intermédiaire d'un prestataire de paiement tiers. Les frais de réseau sont à la charge de l'acheteur. L'accès est accordé dès que le prestataire confirme le paiement intégral.

## 3. Remboursements

Les remboursements suivent notre [Politique de remboursement](/refund-policy), y compris la garantie « satisfait ou remboursé » de {{refundWindowDays}} jours et ses conditions.

## 4. Aucune garantie de gains

Les résultats présentés sur ce site sont des exemples et dépendent de votre travail, de votre budget et des conditions du marché. Le marketing d'affiliation comporte des risques et nous ne promettons aucun niveau de revenu.

## 5. Marketing responsable

Vous devez respecter les lois des pays que vous ciblez, y compris les règles de publicité sur les jeux d'argent, et ne jamais promouvoir les jeux d'argent auprès de mineurs.

## 6. Contact

{{sellerName}}\
{{sellerAddress}}

Besoin d'aide ? Contactez l'assistance : [{{supportEmail}}](mailto:{{supportEmail}})
`,
    de: String.raw`Diese Bedingungen regeln Ihre Nutzung von {{siteName}}, seinen Kursen und seinem Mitgliederbereich. Mit dem Kauf des Zugangs oder dem Anlegen eines Kontos erkennen Sie sie an.

## 1. Zugang

Eine einmalige Zahlung von {{price}} gibt einer Person lebenslangen Zugang zum Mitgliederbereich, solange der Dienst betrieben wird. Konten sind persönlich: Die Weitergabe von Zugangsdaten oder die Verbreitung von Kursmaterial ist nicht erlaubt und kann zur Sperrung führen.

## 2. Zahlungen

Zahlungen erfolgen in Kryptowährung über einen externen Zahlungsdienstleister. Netzwerkgebühren trägt der Käufer. Der Zugang wird freigeschaltet, sobald der Zahlungsdienstleister die vollständige Zahlung bestätigt.

## 3. Erstattungen

Erstattungen richten sich nach unserer [Erstattungsrichtlinie](/refund-policy), einschließlich der {{refundWindowDays}}-Tage-Geld-zurück-Garantie und ihrer Bedingungen.

## 4. Keine Einkommensgarantie

Die auf dieser Website gezeigten Ergebnisse sind Beispiele und hängen von Ihrer eigenen Arbeit, Ihrem Budget und den Marktbedingungen ab. Affiliate-Marketing ist mit Risiken verbunden, und wir versprechen kein bestimmtes Einkommen.

## 5. Verantwortungsvolles Marketing

Sie müssen die Gesetze der Länder einhalten, auf die Sie abzielen, einschließlich der Regeln für Glücksspielwerbung, und dürfen Glücksspiel niemals an Minderjährige vermarkten.

## 6. Kontakt

{{sellerName}}\
{{sellerAddress}}

Sie brauchen Hilfe? Kontaktieren Sie den Support: [{{supportEmail}}](mailto:{{supportEmail}})
`,
  },
  privacy: {
    en: String.raw`This policy explains what personal data {{sellerName}} collects, why, and the choices you have.

## 1. Data we collect

- Account data: your name, email address and a securely hashed password.
- Purchase data: the payment reference, amount, cryptocurrency and network of your purchase. We never see your wallet's private keys.
- Learning data: the lessons you open and complete, so you can resume where you left off.

## 2. How we use it

To provide access to the members' area, confirm payments, handle refunds, secure accounts and send service emails such as password resets.

## 3. Sharing

We share data only with the processors needed to run the service (payment processor, email delivery, hosting). We do not sell personal data.

## 4. Children

The service is not intended for anyone under 18 years of age. We do not knowingly collect data from people under 18; if you believe a minor has given us data, contact us and we will delete it.

## 5. Your rights

You may ask for a copy of your data, its correction or its deletion by writing to us.

## 6. Contact

{{sellerName}}\
{{sellerAddress}}

Need help? Contact support: [{{supportEmail}}](mailto:{{supportEmail}})
`,
    es: String.raw`Esta política explica qué datos personales recopila {{sellerName}}, por qué y qué opciones tienes.

## 1. Datos que recopilamos

- Datos de la cuenta: tu nombre, tu dirección de correo electrónico y una contraseña cifrada de forma segura.
- Datos de compra: la referencia del pago, el importe, la criptomoneda y la red de tu compra. Nunca vemos las claves privadas de tu monedero.
- Datos de aprendizaje: las lecciones que abres y completas, para que puedas continuar donde lo dejaste.

## 2. Cómo los usamos

Para dar acceso al área de miembros, confirmar pagos, gestionar reembolsos, proteger las cuentas y enviar correos del servicio, como el restablecimiento de la contraseña.

## 3. Cesión

Solo compartimos datos con los encargados necesarios para prestar el servicio (procesador de pagos, envío de correos, alojamiento). No vendemos datos personales.

## 4. Menores

El servicio no está destinado a menores de 18 años. No recopilamos a sabiendas datos de menores de 18 años; si crees que un menor nos ha facilitado datos, contacta con nosotros y los eliminaremos.

## 5. Tus derechos

Puedes solicitar una copia de tus datos, su rectificación o su supresión escribiéndonos.

## 6. Contacto

{{sellerName}}\
{{sellerAddress}}

¿Necesitas ayuda? Contacta con soporte: [{{supportEmail}}](mailto:{{supportEmail}})
`,
    fr: String.raw`Cette politique explique quelles données personnelles {{sellerName}} collecte, pourquoi, et les choix dont vous disposez.

## 1. Données collectées

- Données de compte : votre nom, votre adresse e-mail et un mot de passe haché de manière sécurisée.
- Données d'achat : la référence du paiement, le montant, la cryptomonnaie et le réseau de votre achat. Nous ne voyons jamais les clés privées de votre portefeuille.
- Données d'apprentissage : les leçons que vous ouvrez et terminez, pour que vous puissiez reprendre là où vous vous étiez arrêté.

## 2. Utilisation

Fournir l'accès à l'espace membres, confirmer les paiements, traiter les remboursements, sécuriser les comptes et envoyer les e-mails du service, comme la réinitialisation du mot de passe.

## 3. Partage

Nous ne partageons les données qu'avec les sous-traitants nécessaires au fonctionnement du service (prestataire de paiement, envoi des e-mails, hébergement). Nous ne vendons aucune donnée personnelle.

## 4. Mineurs

Le service n'est pas destiné aux personnes de moins de 18 ans. Nous ne collectons pas sciemment de données de personnes de moins de 18 ans ; si vous pensez qu'un mineur nous a transmis des données, contactez-nous et nous les supprimerons.

## 5. Vos droits

Vous pouvez demander une copie de vos données, leur rectification ou leur suppression en nous écrivant.

## 6. Contact

{{sellerName}}\
{{sellerAddress}}

Besoin d'aide ? Contactez l'assistance : [{{supportEmail}}](mailto:{{supportEmail}})
`,
    de: String.raw`Diese Richtlinie erklärt, welche personenbezogenen Daten {{sellerName}} erhebt, warum, und welche Wahlmöglichkeiten Sie haben.

## 1. Daten, die wir erheben

- Kontodaten: Ihr Name, Ihre E-Mail-Adresse und ein sicher gehashtes Passwort.
- Kaufdaten: die Zahlungsreferenz, der Betrag, die Kryptowährung und das Netzwerk Ihres Kaufs. Die privaten Schlüssel Ihrer Wallet sehen wir nie.
- Lerndaten: die Lektionen, die Sie öffnen und abschließen, damit Sie dort weitermachen können, wo Sie aufgehört haben.

## 2. Wie wir sie verwenden

Um den Zugang zum Mitgliederbereich bereitzustellen, Zahlungen zu bestätigen, Erstattungen abzuwickeln, Konten zu schützen und Service-E-Mails wie das Zurücksetzen des Passworts zu senden.

## 3. Weitergabe

Wir geben Daten nur an die Auftragsverarbeiter weiter, die für den Betrieb des Dienstes nötig sind (Zahlungsdienstleister, E-Mail-Versand, Hosting). Wir verkaufen keine personenbezogenen Daten.

## 4. Kinder

Der Dienst richtet sich nicht an Personen unter 18 Jahren. Wir erheben wissentlich keine Daten von Personen unter 18 Jahren; wenn Sie glauben, dass uns eine minderjährige Person Daten gegeben hat, kontaktieren Sie uns, und wir löschen sie.

## 5. Ihre Rechte

Sie können schriftlich eine Kopie Ihrer Daten, deren Berichtigung oder deren Löschung verlangen.

## 6. Kontakt

{{sellerName}}\
{{sellerAddress}}

Sie brauchen Hilfe? Kontaktieren Sie den Support: [{{supportEmail}}](mailto:{{supportEmail}})
`,
  },
  refund: {
    en: String.raw`We want you to be satisfied with your purchase. Every purchase comes with a {{refundWindowDays}}-day money-back guarantee.

## 1. Eligibility

You can ask for a refund within {{refundWindowDays}} days of your purchase, provided you have accessed no more than {{refundMaxAccessedPercent}} of the course content.

## 2. Timings

- We review refund requests within 3-5 business days.
- Once approved, the refund is paid out within 7-10 business days.

## 3. Processing time by method

- Credit or debit card: 5-10 business days.
- PayPal: 3-5 business days.
- Bank transfer: 7-14 business days.

## 4. Chargebacks

Please contact us before disputing a payment. Chargebacks may lead to the suspension of your account.
`,
    es: String.raw`Queremos que estés satisfecho con tu compra. Cada compra incluye una garantía de devolución del dinero de {{refundWindowDays}} días.

## 1. Requisitos

Puedes solicitar un reembolso dentro de los {{refundWindowDays}} días siguientes a tu compra, siempre que no hayas accedido a más del {{refundMaxAccessedPercent}} del contenido del curso.

## 2. Plazos

- Revisamos las solicitudes de reembolso en un plazo de 3 a 5 días hábiles.
- Una vez aprobado, el reembolso se abona en un plazo de 7 a 10 días hábiles.

## 3. Tiempo de tramitación por método

- Tarjeta de crédito o débito: de 5 a 10 días hábiles.
- PayPal: de 3 a 5 días hábiles.
- Transferencia bancaria: de 7 a 14 días hábiles.

## 4. Contracargos

Ponte en contacto con nosotros antes de impugnar un pago. Los contracargos pueden conllevar la suspensión de tu cuenta.
`,
    fr: String.raw`Nous voulons que vous soyez satisfait de votre achat. Chaque achat est couvert par une garantie « satisfait ou remboursé » de {{refundWindowDays}} jours.

## 1. Conditions

Vous pouvez demander un remboursement dans les {{refundWindowDays}} jours suivant votre achat, à condition de n'avoir consulté au plus que {{refundMaxAccessedPercent}} du contenu du cours.

## 2. Délais

- Nous examinons les demandes de remboursement sous 3 à 5 jours ouvrés.
- Une fois approuvé, le remboursement est versé sous 7 à 10 jours ouvrés.

## 3. Délai de traitement selon le moyen de paiement

- Carte de crédit ou de débit : 5 à 10 jours ouvrés.
- PayPal : 3 à 5 jours ouvrés.
- Virement bancaire : 7 à 14 jours ouvrés.

## 4. Rétrofacturations

Veuillez nous contacter avant de contester un paiement. Une rétrofacturation peut entraîner la suspension de votre compte.
`,
    de: String.raw`Wir möchten, dass Sie mit Ihrem Kauf zufrieden sind. Jeder Kauf ist durch eine {{refundWindowDays}}-Tage-Geld-zurück-Garantie abgesichert.

## 1. Voraussetzungen

Sie können innerhalb von {{refundWindowDays}} Tagen nach Ihrem Kauf eine Erstattung verlangen, sofern Sie höchstens {{refundMaxAccessedPercent}} der Kursinhalte aufgerufen haben.

## 2. Fristen

- Wir prüfen Erstattungsanträge innerhalb von 3-5 Werktagen.
- Nach der Genehmigung wird die Erstattung innerhalb von 7-10 Werktagen ausgezahlt.

## 3. Bearbeitungszeit nach Zahlungsart

- Kredit- oder Debitkarte: 5-10 Werktage.
- PayPal: 3-5 Werktage.
- Banküberweisung: 7-14 Werktage.

## 4. Rückbuchungen

Bitte kontaktieren Sie uns, bevor Sie eine Zahlung anfechten. Rückbuchungen können zur Sperrung Ihres Kontos führen.
`,
  },
};
