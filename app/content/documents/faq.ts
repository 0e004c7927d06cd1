import type { ContentDocument, Localized } from "../localized";

export const FAQ: Localized<ContentDocument> = {
  fr: {
    title: "Questions fréquentes",
    intro: "Tout ce qu'il faut savoir sur les empty legs et la réservation chez JetMalin.",
    sections: [
      {
        heading: "Qu'est-ce qu'un empty leg ?",
        paragraphs: [
          "Un vol à vide : un avion privé qui doit rejoindre sa base ou son prochain client sans passager. Nous vendons ces sièges jusqu'à 75 % moins cher qu'un affrètement classique.",
        ],
      },
      {
        heading: "Que signifie la probabilité affichée ?",
        paragraphs: [
          "Un empty leg dépend du vol principal qui l'a créé. Les étoiles indiquent la probabilité que le vol soit maintenu : de « Probabilité moindre » (1 étoile) à « Probabilité très élevée » (4 étoiles).",
        ],
      },
      {
        heading: "Comment le prix par personne est-il calculé ?",
        paragraphs: [
          "Le prix du vol est la durée multipliée par le tarif à la minute de l'appareil ; il est divisé par le nombre de places proposées sur le vol, et ne change pas quand des places sont réservées. Vous pouvez aussi réserver l'appareil entier tant qu'aucune de ses places n'est réservée.",
        ],
      },
      {
        id: "positioning",
        heading: "Comment est estimé un départ d'un autre aéroport ?",
        paragraphs: [
          "Quand vous demandez à partir d'un autre aéroport ou à arriver ailleurs (200 km au plus de l'aéroport du vol), l'avion fait un vol de positionnement. Nous prenons la distance à vol d'oiseau entre les deux aéroports, la divisons par la vitesse de croisière de l'appareil indiquée sur la page de la flotte (500 km/h pour le PC-12, 815 km/h pour le PC-24), arrondissons à la minute supérieure, puis multiplions par le prix à la minute du vol (son prix horaire divisé par 60).",
          "Exemple : Genève – Sion, 94 km, en PC-24 à 75 € la minute : 7 minutes, soit environ 525 € en plus. C'est une estimation : la route réelle, le vent et le roulage la font varier, et l'offre que nous vous envoyons fait foi.",
        ],
      },
      {
        id: "co2",
        heading: "Comment le CO₂ affiché est-il estimé ?",
        paragraphs: [
          "Nous multiplions la consommation horaire de carburant de l'appareil par la durée du vol, puis par 3,16 kg de CO₂ par kg de carburant, le facteur de l'OACI (ICAO Carbon Emissions Calculator). Consommations retenues, d'après les chiffres publiés par Pilatus et par les opérateurs : PC-12 environ 200 kg par heure (0,63 t de CO₂ par heure de vol), PC-24 environ 450 kg par heure (1,42 t de CO₂ par heure de vol).",
          "Le chiffre par place divise celui du vol par le nombre de sièges de l'appareil (6 pour le PC-12, 8 pour le PC-24). C'est une estimation : le vent, la charge et l'altitude la font varier, et elle ne compte ni la fabrication du carburant ni les effets autres que le CO₂. Un empty leg vole de toute façon : vos places n'ajoutent presque rien à ses émissions.",
        ],
      },
      {
        heading: "Que se passe-t-il si le vol est annulé ?",
        paragraphs: [
          "Vous êtes prévenu dès que l'opérateur nous informe, et aucun montant ne vous est dû pour un vol qui n'a pas lieu. Nous vous proposons si possible un vol de remplacement ou un vol sur mesure.",
        ],
      },
      {
        heading: "Comment réserver ?",
        paragraphs: [
          "Choisissez un vol, cliquez sur « Réserver ce vol » et indiquez vos coordonnées. Notre équipe confirme la disponibilité et vous envoie la confirmation par email. Le paiement n'est jamais demandé avant cette confirmation.",
        ],
      },
      {
        heading: "Quels bagages puis-je emporter ?",
        paragraphs: [
          "En règle générale, un bagage souple de 15 kg par passager, plus un bagage à main. Skis, golf ou vélos : indiquez-le dans votre demande, nous vérifions avec l'opérateur.",
        ],
      },
      {
        heading: "Puis-je demander un vol qui n'est pas dans la liste ?",
        paragraphs: [
          "Oui : le vol sur mesure vous permet de choisir la date, l'itinéraire et le nombre de passagers. Nous vous envoyons un devis personnalisé.",
        ],
      },
    ],
  },
  en: {
    title: "Frequently asked questions",
    intro: "Everything you need to know about empty legs and booking with JetMalin.",
    sections: [
      {
        heading: "What is an empty leg?",
        paragraphs: [
          "An empty flight: a private aircraft that must reach its base or its next client without passengers. We sell these seats up to 75% cheaper than a regular charter.",
        ],
      },
      {
        heading: "What does the probability shown mean?",
        paragraphs: [
          "An empty leg depends on the main flight that created it. The stars show how likely the flight is to go ahead: from “Lower probability” (1 star) to “Very high probability” (4 stars).",
        ],
      },
      {
        heading: "How is the price per person calculated?",
        paragraphs: [
          "The flight price is the duration multiplied by the aircraft's rate per minute; it is divided by the number of seats offered on the flight, and does not change when seats are booked. You can also book the whole aircraft as long as none of its seats is booked.",
        ],
      },
      {
        id: "positioning",
        heading: "How is leaving from another airport estimated?",
        paragraphs: [
          "When you ask to leave from another airport or to arrive somewhere else (at most 200 km from the flight's airport), the aircraft flies a positioning flight. We take the straight-line distance between the two airports, divide it by the aircraft's cruise speed shown on the fleet page (500 km/h for the PC-12, 815 km/h for the PC-24), round up to the next minute, then multiply by the flight's price per minute (its hourly price divided by 60).",
          "Example: Geneva – Sion, 94 km, on a PC-24 at €75 a minute: 7 minutes, about €525 extra. It is an estimate: the actual route, the wind and taxiing change it, and the offer we send you is what counts.",
        ],
      },
      {
        id: "co2",
        heading: "How is the CO₂ shown estimated?",
        paragraphs: [
          "We multiply the aircraft's fuel burn per hour by the flight time, then by 3.16 kg of CO₂ per kg of fuel, the ICAO factor (ICAO Carbon Emissions Calculator). Fuel burn used, from figures published by Pilatus and by operators: PC-12 about 200 kg per hour (0.63 t of CO₂ per flight hour), PC-24 about 450 kg per hour (1.42 t of CO₂ per flight hour).",
          "The figure per seat divides the flight's by the number of seats of the aircraft (6 for the PC-12, 8 for the PC-24). It is an estimate: wind, load and altitude change it, and it counts neither the production of the fuel nor effects other than CO₂. An empty leg flies anyway: your seats add almost nothing to its emissions.",
        ],
      },
      {
        heading: "What happens if the flight is cancelled?",
        paragraphs: [
          "You are told as soon as the operator informs us, and nothing is owed for a flight that does not take place. Where possible we offer a replacement flight or a made-to-measure flight.",
        ],
      },
      {
        heading: "How do I book?",
        paragraphs: [
          "Choose a flight, click “Book this flight” and enter your details. Our team confirms availability and emails you the confirmation. Payment is never requested before that confirmation.",
        ],
      },
      {
        heading: "What luggage can I take?",
        paragraphs: [
          "As a rule, one soft bag of 15 kg per passenger plus hand luggage. Skis, golf clubs or bikes: mention them in your request and we check with the operator.",
        ],
      },
      {
        heading: "Can I request a flight that is not listed?",
        paragraphs: [
          "Yes: a made-to-measure flight lets you choose the date, the route and the number of passengers. We send you a personalised quote.",
        ],
      },
    ],
  },
  de: {
    title: "Häufige Fragen",
    intro: "Alles Wissenswerte über Empty Legs und die Buchung bei JetMalin.",
    sections: [
      {
        heading: "Was ist ein Empty Leg?",
        paragraphs: [
          "Ein Leerflug: ein Privatflugzeug, das ohne Passagiere zu seiner Basis oder zum nächsten Kunden fliegen muss. Wir verkaufen diese Sitze bis zu 75 % günstiger als einen klassischen Charter.",
        ],
      },
      {
        heading: "Was bedeutet die angezeigte Wahrscheinlichkeit?",
        paragraphs: [
          "Ein Empty Leg hängt vom Hauptflug ab, der ihn erzeugt hat. Die Sterne zeigen, wie wahrscheinlich der Flug durchgeführt wird: von «Geringere Wahrscheinlichkeit» (1 Stern) bis «Sehr hohe Wahrscheinlichkeit» (4 Sterne).",
        ],
      },
      {
        heading: "Wie wird der Preis pro Person berechnet?",
        paragraphs: [
          "Der Flugpreis ist die Dauer multipliziert mit dem Minutentarif des Flugzeugs; er wird durch die Zahl der auf dem Flug angebotenen Plätze geteilt und ändert sich nicht, wenn Plätze reserviert werden. Sie können auch das ganze Flugzeug buchen, solange keiner seiner Plätze reserviert ist.",
        ],
      },
      {
        id: "positioning",
        heading: "Wie wird ein Abflug von einem anderen Flughafen geschätzt?",
        paragraphs: [
          "Wenn Sie von einem anderen Flughafen abfliegen oder anderswo ankommen möchten (höchstens 200 km vom Flughafen des Flugs), fliegt das Flugzeug einen Positionierungsflug. Wir nehmen die Luftlinie zwischen den beiden Flughäfen, teilen sie durch die Reisegeschwindigkeit des Flugzeugs auf der Flottenseite (500 km/h beim PC-12, 815 km/h beim PC-24), runden auf die nächste volle Minute auf und multiplizieren mit dem Minutenpreis des Flugs (sein Stundenpreis geteilt durch 60).",
          "Beispiel: Genf – Sitten, 94 km, mit dem PC-24 zu 75 € pro Minute: 7 Minuten, also etwa 525 € zusätzlich. Es ist eine Schätzung: Die tatsächliche Route, der Wind und das Rollen verändern sie, massgebend ist das Angebot, das wir Ihnen senden.",
        ],
      },
      {
        id: "co2",
        heading: "Wie wird das angezeigte CO₂ geschätzt?",
        paragraphs: [
          "Wir multiplizieren den stündlichen Treibstoffverbrauch des Flugzeugs mit der Flugdauer und dann mit 3,16 kg CO₂ pro kg Treibstoff, dem Faktor der ICAO (ICAO Carbon Emissions Calculator). Verwendete Verbrauchswerte, nach den von Pilatus und von Betreibern veröffentlichten Zahlen: PC-12 etwa 200 kg pro Stunde (0,63 t CO₂ pro Flugstunde), PC-24 etwa 450 kg pro Stunde (1,42 t CO₂ pro Flugstunde).",
          "Der Wert pro Platz teilt den des Flugs durch die Sitzplätze des Flugzeugs (6 beim PC-12, 8 beim PC-24). Es ist eine Schätzung: Wind, Beladung und Flughöhe verändern sie, und sie zählt weder die Herstellung des Treibstoffs noch andere Wirkungen als CO₂. Ein Empty Leg fliegt ohnehin: Ihre Plätze fügen seinen Emissionen fast nichts hinzu.",
        ],
      },
      {
        heading: "Was passiert, wenn der Flug annulliert wird?",
        paragraphs: [
          "Sie werden informiert, sobald der Betreiber uns benachrichtigt, und für einen nicht durchgeführten Flug schulden Sie nichts. Wenn möglich bieten wir einen Ersatzflug oder einen massgeschneiderten Flug an.",
        ],
      },
      {
        heading: "Wie buche ich?",
        paragraphs: [
          "Wählen Sie einen Flug, klicken Sie auf «Diesen Flug buchen» und geben Sie Ihre Daten ein. Unser Team bestätigt die Verfügbarkeit und sendet Ihnen die Bestätigung per E-Mail. Eine Zahlung wird nie vor dieser Bestätigung verlangt.",
        ],
      },
      {
        heading: "Welches Gepäck darf ich mitnehmen?",
        paragraphs: [
          "In der Regel eine weiche Tasche von 15 kg pro Passagier plus Handgepäck. Ski, Golfausrüstung oder Velos: Geben Sie sie in Ihrer Anfrage an, wir klären es mit dem Betreiber.",
        ],
      },
      {
        heading: "Kann ich einen Flug anfragen, der nicht aufgeführt ist?",
        paragraphs: [
          "Ja: Mit einem massgeschneiderten Flug wählen Sie Datum, Strecke und Anzahl Passagiere. Wir senden Ihnen eine persönliche Offerte.",
        ],
      },
    ],
  },
};
