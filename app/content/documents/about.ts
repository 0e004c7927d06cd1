import type { ContentDocument, Localized } from "../localized";

export const ABOUT: Localized<ContentDocument> = {
  fr: {
    title: "À propos de JetMalin",
    intro:
      "JetMalin rend l'aviation privée accessible en remplissant les vols qui repartiraient à vide, au départ de la Suisse.",
    sections: [
      {
        heading: "Nos fondateurs",
        paragraphs: [
          "JetMalin est né à Genève de la rencontre d'une pilote de ligne et d'un ancien responsable des opérations d'une compagnie d'aviation d'affaires. Ensemble, ils ont constaté qu'un vol privé sur trois repart sans aucun passager après avoir déposé ses clients.",
          "Leur idée : proposer ces sièges vides à prix réduit, avec le même niveau de sécurité et de service qu'un vol affrété, et une réservation aussi simple qu'un billet de train.",
        ],
      },
      {
        heading: "Notre impact",
        paragraphs: [
          "Un siège occupé sur un vol qui aurait décollé de toute façon, c'est un voyage de plus sans avion supplémentaire dans le ciel. Nous privilégions les turbopropulseurs Pilatus PC-12, qui consomment nettement moins qu'un jet sur les trajets courts.",
          "Nous travaillons avec des opérateurs certifiés en Suisse et dans l'Union européenne, et nous publions la probabilité de maintien de chaque vol pour que vous puissiez décider en toute transparence.",
        ],
      },
      {
        heading: "Notre mission",
        paragraphs: [
          "Offrir à chacun la liberté de l'aviation privée à un prix juste : moins d'attente, plus de temps pour l'essentiel, et des destinations que les lignes régulières ne desservent pas.",
        ],
      },
    ],
  },
  en: {
    title: "About JetMalin",
    intro:
      "JetMalin makes private aviation accessible by filling flights that would otherwise fly back empty, from Switzerland.",
    sections: [
      {
        heading: "Our founders",
        paragraphs: [
          "JetMalin was born in Geneva when an airline pilot met a former operations manager of a business aviation company. Together they noticed that one private flight in three flies back without a single passenger after dropping off its clients.",
          "Their idea: offer these empty seats at a reduced price, with the same safety and service as a chartered flight, and a booking as simple as a train ticket.",
        ],
      },
      {
        heading: "Our impact",
        paragraphs: [
          "An occupied seat on a flight that would have taken off anyway is one more journey with no extra aircraft in the sky. We favour Pilatus PC-12 turboprops, which burn far less than a jet on short routes.",
          "We work with certified operators in Switzerland and the European Union, and we publish the likelihood that each flight will go ahead so you can decide with full transparency.",
        ],
      },
      {
        heading: "Our mission",
        paragraphs: [
          "To give everyone the freedom of private aviation at a fair price: less waiting, more time for what matters, and destinations that scheduled airlines do not serve.",
        ],
      },
    ],
  },
  de: {
    title: "Über JetMalin",
    intro:
      "JetMalin macht die Privatluftfahrt zugänglich, indem es Flüge füllt, die sonst leer zurückfliegen würden – ab der Schweiz.",
    sections: [
      {
        heading: "Unsere Gründer",
        paragraphs: [
          "JetMalin entstand in Genf, als eine Linienpilotin einen ehemaligen Betriebsleiter einer Geschäftsfluggesellschaft traf. Gemeinsam stellten sie fest, dass jeder dritte Privatflug nach dem Absetzen seiner Kunden ohne einen einzigen Passagier zurückfliegt.",
          "Ihre Idee: diese leeren Sitze zu einem reduzierten Preis anbieten, mit derselben Sicherheit und demselben Service wie ein Charterflug und einer Buchung, die so einfach ist wie ein Bahnticket.",
        ],
      },
      {
        heading: "Unsere Wirkung",
        paragraphs: [
          "Ein besetzter Sitz auf einem Flug, der ohnehin gestartet wäre, ist eine Reise mehr ohne zusätzliches Flugzeug am Himmel. Wir bevorzugen Pilatus-PC-12-Turboprops, die auf kurzen Strecken deutlich weniger verbrauchen als ein Jet.",
          "Wir arbeiten mit zertifizierten Betreibern in der Schweiz und in der Europäischen Union und veröffentlichen die Durchführungswahrscheinlichkeit jedes Flugs, damit Sie in voller Transparenz entscheiden können.",
        ],
      },
      {
        heading: "Unsere Mission",
        paragraphs: [
          "Allen die Freiheit der Privatluftfahrt zu einem fairen Preis bieten: weniger Warten, mehr Zeit für das Wesentliche und Ziele, die Linienflüge nicht anfliegen.",
        ],
      },
    ],
  },
};
